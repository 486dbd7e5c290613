/// The class instances being written on the current path, outermost first, by address, which catch
/// reference cycles: an instance that is entered again before it is left would be written forever.
/// (An address, kept as a number, names one instance while the instance is alive, and every instance on the path is:
/// the model being written holds it.)
///
/// Only instances whose plans may hold others are entered (`TypePlan.tracksInstances`): an instance
/// of a class whose fields hold no models is always the innermost on its path, so no cycle passes
/// through it, and most instances in real payloads are such leaves.
///
/// Paths are nearly always short, so the first `scanLimit` instances sit in an array and a new one is
/// compared with each of them, which costs less than hashing it into a set; deeper instances (a long
/// chain such as a linked list) also go into a set, so that entering one stays constant time rather
/// than growing with the depth.
struct ActiveInstances {
    private static let scanLimit = 16
    private var path: [UInt] = []
    /// The instances of `path` from index `scanLimit` on.
    private var deep: Set<UInt> = []

    /// Enters an instance; `false`, entering nothing, when it is already on the path.
    @inline(__always)
    mutating func enter(_ instance: UInt) -> Bool {
        let count = path.count
        var index = 0
        while index < min(count, Self.scanLimit) {
            if path[index] == instance { return false }
            index += 1
        }
        if count >= Self.scanLimit, !deep.insert(instance).inserted { return false }
        path.append(instance)
        return true
    }

    /// Leaves the innermost instance.
    @inline(__always)
    mutating func leave() {
        let instance = path.removeLast()
        if path.count >= Self.scanLimit { deep.remove(instance) }
    }
}
