// Where a reader or a writer is in its document, one of the few files with unsafe code.
//
// Reading and writing keep their JSON path the same way: one step per open container, the current
// key or index on top. Errors and report entries spell their path from it, so nothing catches and
// re-throws to build one, and a step that fails is left on the stack, so the mapper reads the path of
// any error where it was thrown. Updating the top step is the cost every member and element pays, so
// the steps are plain values in a block of memory: a store, with no reference counting and no
// uniqueness check. Keys that are Swift strings (a tree's, a dictionary's) sit beside the steps in an
// ordinary array.

/// One step of a ``PathStack``. Every case is a plain value (no reference is counted), which the
/// stack's block relies on: a step is overwritten with a store, and never destroyed.
@safe
enum PathStep {
    /// Inside a container, before its first member or between two: spelled as nothing.
    case between
    case index(Int)
    /// A key still in the input's bytes, decoded only if a path has to be spelled out.
    case inputKey(StringSpan)
    /// The member a plan's field writes, under the last component of the field's primary key. The
    /// plan, which retains the field, is held by the write's adapter until the write has ended and its
    /// error (if any) has been located, so the field outlives the step.
    case field(Unmanaged<AnyBoundField>)
    /// A key spelled as a Swift string: the stack's `keys` holds it, at the same depth.
    case key
}

/// The path of a ``JSONReader`` or a ``JSONWriter``: one ``PathStep`` per open container.
///
/// A copy shares the block of the stack it was copied from (a reader's look ahead is such a copy).
/// A copy only writes steps above the depth it was copied at, which the original does not read
/// before writing them again itself, so the look ahead leaves the original's path as it was.
@safe
struct PathStack {
    /// How many containers are open: the steps at `0..<count` are the path.
    private(set) var count = 0
    /// The block's memory. Invariant: `count <= capacity`; `frames` is the block that `base` points
    /// into, so the memory lives as long as this value does; and the block holds one step more than
    /// `capacity`, just before `base`: a scratch step that `setTop` may write with no container open.
    private var frames: Frames
    private var base: UnsafeMutablePointer<PathStep>
    private var capacity: Int
    /// The keys of ``PathStep/key`` steps, by depth; an entry at another depth means nothing.
    private var keys: [String] = []

    /// The block the steps live in. It holds only plain values, so nothing is deinitialised.
    private final class Frames: ManagedBuffer<Void, PathStep> {}

    init(capacity: Int = 16) {
        unsafe (frames, base, self.capacity) = unsafe Self.allocate(max(capacity, 4))
    }

    /// A stack that starts with `prefix` (a key path's steps, or a streamed element's place).
    init(prefix: [PathComponent]) {
        self.init(capacity: prefix.count + 16)
        for component in prefix {
            switch component {
            case .key(let key):
                push(.between)
                setKey(key)
            case .index(let index):
                push(.index(index))
            }
        }
    }

    private static func allocate(_ capacity: Int) -> (Frames, UnsafeMutablePointer<PathStep>, Int) {
        // `create` called on `Frames` makes an instance of `Frames`, so the downcast holds.
        let frames = unsafe unsafeDowncast(Frames.create(minimumCapacity: capacity + 1) { _ in }, to: Frames.self)
        // The pointer leaves the closure, but stays in the same value as `frames`, whose tail it
        // points into: it is used only while that object is alive. The first step is the scratch one.
        let base = unsafe frames.withUnsafeMutablePointerToElements { unsafe $0 } + 1
        return unsafe (frames, base, frames.capacity - 1)
    }

    /// Opens a container. The caller has checked the depth limit; the block grows as needed.
    @inline(__always)
    mutating func push(_ step: PathStep) {
        if count == capacity { grow() }
        // `count < capacity` here, so the store is inside the block.
        unsafe (base + count).initialize(to: step)
        count += 1
    }

    @inline(never)
    private mutating func grow() {
        let (frames, base, capacity) = unsafe Self.allocate(capacity * 2)
        // Plain values: copied as they are. The old block stays alive for any copy that still uses it.
        unsafe base.initialize(from: self.base, count: count)
        unsafe (self.frames, self.base, self.capacity) = unsafe (frames, base, capacity)
    }

    /// Closes the innermost container.
    @inline(__always)
    mutating func pop() {
        if count > 0 { count -= 1 }
    }

    /// Closes every container above `depth`: the path as it was at `depth` steps.
    mutating func truncate(to depth: Int) {
        if depth >= 0 && depth < count { count = depth }
    }

    /// Replaces the innermost container's step with `step`: the member or element now read or written.
    @inline(__always)
    mutating func setTop(_ step: PathStep) {
        // `0 <= count <= capacity`, so the store is inside the block: with no container open it goes
        // to the scratch step before `base`, which no path reads.
        unsafe (base + count - 1).initialize(to: step)
    }

    /// Replaces the innermost container's step with the member `field` writes. The caller keeps
    /// `field` alive while the step is on the stack (see ``PathStep/field(_:)``).
    @inline(__always)
    mutating func setTop(field: AnyBoundField) {
        unsafe setTop(.field(.passUnretained(field)))
    }

    /// Replaces the innermost container's step with a key spelled as a Swift string.
    mutating func setKey(_ key: String) {
        guard count > 0 else { return }
        let depth = count - 1
        if keys.count <= depth { keys.append(contentsOf: repeatElement("", count: depth + 1 - keys.count)) }
        keys[depth] = key
        unsafe (base + depth).initialize(to: .key)
    }

    /// The step at `depth`, which is below `count`.
    private func step(at depth: Int) -> PathStep {
        // `depth < count <= capacity`: inside the block, and written since the container opened.
        unsafe base[depth]
    }

    /// The path of the first `depth` steps as errors and reports spell it. `spell` decodes an input key.
    func components(upTo depth: Int, spelling spell: (StringSpan) -> String) -> [PathComponent] {
        var components: [PathComponent] = []
        for index in 0..<min(max(depth, 0), count) {
            switch step(at: index) {
            case .between: continue
            case .index(let position): components.append(.index(position))
            case .inputKey(let span): components.append(.key(spell(span)))
            case .field(let field): unsafe components.append(.key(field._withUnsafeGuaranteedRef { $0.writtenKey }))
            case .key: components.append(.key(index < keys.count ? keys[index] : ""))
            }
        }
        return components
    }
}
