// Arrays: the reader steps through the elements, with the path's top step on each index, and
// gathers an array's elements (models, scalars, any element type) in blocks lent by the read's
// `ElementPool`.

extension JSONReader {
    /// Steps into the array under the cursor and calls `body` once per element, with the cursor on it.
    /// Returns `false`, consuming nothing, when the value is not an array. A tree tells `expecting`
    /// how many elements there are, first.
    @inline(__always)
    mutating func readArray(
        expecting: (Int) -> Void = { _ in }, _ body: (inout JSONReader) throws -> Void
    ) throws -> Bool {
        if isTree {
            guard let array = pending as? [Any] else { return false }
            expecting(array.count)
            try enterContainer(.between)
            for (index, element) in array.enumerated() {
                path.setTop(.index(index))
                pending = element
                try body(&self)
            }
        } else {
            guard try scanner.peek() == .openBracket else { return false }
            try enterContainer(.between)
            scanner.enterContainer()
            var index = 0
            while try scanner.nextElement(first: index == 0) {
                path.setTop(.index(index))
                try body(&self)
                path.setTop(.between)
                index += 1
            }
        }
        path.pop()
        return true
    }

    /// Where a loop over an array's elements is: see ``beginArray(expecting:)``.
    struct ArrayCursor {
        /// A tree's elements; `nil` on the byte route.
        fileprivate let elements: [Any]?
        fileprivate var index = 0
        /// The index of the element under the cursor, once ``JSONReader/nextElement(_:)`` has put one there.
        var elementIndex: Int { index - 1 }
    }

    /// Steps into the array under the cursor, for a loop of ``nextElement(_:)`` calls written in the
    /// caller's own frame. (``readArray(expecting:_:)`` takes a closure, which generic code runs as a
    /// function of its own: any metadata the element type needs is then looked up once per element.)
    /// Returns `nil`, consuming nothing, when the value is not an array. A tree tells `expecting`
    /// how many elements there are, first.
    @inline(__always)
    mutating func beginArray(expecting: (Int) -> Void = { _ in }) throws -> ArrayCursor? {
        if isTree {
            guard let array = pending as? [Any] else { return nil }
            expecting(array.count)
            try enterContainer(.between)
            return ArrayCursor(elements: array)
        }
        guard try scanner.peek() == .openBracket else { return nil }
        try enterContainer(.between)
        scanner.enterContainer()
        return ArrayCursor(elements: nil)
    }

    /// Consumes an empty array (`[]`, with any whitespace inside) under the cursor and returns `true`;
    /// leaves anything else unread. Empty arrays are common in real payloads, and this way they need
    /// no element adapter, no path step and no array. A tree's arrays, and an array one level deeper
    /// than the limit (which throws), take the general route.
    @inline(__always)
    mutating func readEmptyArray() throws -> Bool {
        if isTree { return false }
        guard try scanner.peek() == .openBracket, path.count < maxDepth else { return false }
        return scanner.skipEmptyArray()
    }

    /// Reads the array under the cursor into `result`: `element` reads each element into the
    /// buffer it is given (or drops it), and the array is made once, at its final size. Every path out
    /// finishes or discards the buffer, which `ElementPool.swift` relies on. `false` when the value is
    /// not an array. `elementsAreObjects` says that `Element` is a class (see
    /// ``ElementBuffer/finish(into:pool:elementsAreObjects:)``).
    @inline(__always)
    mutating func gatherElements<Element>(
        into result: inout [Element], elementsAreObjects: Bool = false,
        _ element: (inout JSONReader, inout ElementBuffer, ElementPool) throws -> Void
    ) throws -> Bool {
        guard var cursor = try beginArray() else { return false }
        // An empty array, which is common, gathers nothing and takes no pool.
        guard try nextElement(&cursor) else { return true }
        // Lends blocks to the buffer, so that the array is made once, at its size.
        let pool = elementPool()
        var elements = ElementBuffer()
        do {
            repeat { try element(&self, &elements, pool) } while try nextElement(&cursor)
        } catch {
            elements.discard(Element.self, pool: pool)
            throw error
        }
        elements.finish(into: &result, pool: pool, elementsAreObjects: elementsAreObjects)
        return true
    }

    /// The read's pool, taken when its first array or dictionary is.
    @inline(__always)
    mutating func elementPool() -> ElementPool {
        if let pool { return pool }
        let pool = ElementPool.make()
        self.pool = pool
        return pool
    }

    /// Hands the pool on to a later read, once this one is over and no copy of the reader holds it.
    mutating func recyclePool() {
        guard var pool else { return }
        self.pool = nil
        if isKnownUniquelyReferenced(&pool) { ElementPool.recycle(pool) }
    }

    /// Puts the next element under the cursor and returns `true`, or leaves the array and returns
    /// `false` after its last element.
    @inline(__always)
    mutating func nextElement(_ cursor: inout ArrayCursor) throws -> Bool {
        // The byte route first: it touches nothing of the cursor but its index.
        if !isTree {
            if cursor.index > 0 { path.setTop(.between) }
            guard try scanner.nextElement(first: cursor.index == 0) else {
                path.pop()
                return false
            }
            path.setTop(.index(cursor.index))
        } else if let elements = cursor.elements, cursor.index < elements.count {
            path.setTop(.index(cursor.index))
            pending = elements[cursor.index]
        } else {
            path.pop()
            return false
        }
        cursor.index += 1
        return true
    }
}
