import Foundation

/// Splits bytes that arrive in chunks into lines. A line ends at LF, CRLF or CR (CR alone, as server-sent
/// events allow); a CR at the end of a chunk waits for the next one to see whether an LF follows.
struct LineSplitter: Sendable {
    private var buffer: [UInt8] = []
    /// Where the unread part of `buffer` starts.
    private var start = 0
    /// The last byte consumed was a CR, so an LF at the start of the next chunk ends nothing.
    private var skipLF = false

    /// The lines completed by `chunk`, without their terminators.
    mutating func append(_ chunk: Data) -> [Data] {
        buffer.append(contentsOf: chunk)
        var lines: [Data] = []
        var index = start
        while index < buffer.count {
            let byte = buffer[index]
            if skipLF {
                skipLF = false
                if byte == 0x0A, index == start {
                    start += 1
                    index += 1
                    continue
                }
            }
            if byte == 0x0A || byte == 0x0D {
                lines.append(Data(buffer[start..<index]))
                start = index + 1
                skipLF = byte == 0x0D
            }
            index += 1
        }
        // Compact once the consumed prefix dominates, so the buffer stays proportional to one line.
        if start > 4096, start * 2 > buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        return lines
    }

    /// The last line, when the bytes ended without a terminator.
    mutating func finish() -> Data? {
        defer {
            buffer = []
            start = 0
        }
        return start < buffer.count ? Data(buffer[start...]) : nil
    }
}
