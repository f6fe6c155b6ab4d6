import Dispatch

/// Files are independent: lint them on every core, keep the results in input order.
enum Parallel {
    static func map<Item, Output>(_ items: [Item], _ transform: (Item) -> Output) -> [Output] {
        guard items.count > 1 else { return items.map(transform) }
        let results = UnsafeMutableBufferPointer<Output?>.allocate(capacity: items.count)
        results.initialize(repeating: nil)
        defer {
            _ = results.deinitialize()
            results.deallocate()
        }
        // Each index is written by exactly one iteration.
        nonisolated(unsafe) let slots = results
        nonisolated(unsafe) let inputs = items
        withoutActuallyEscaping(transform) { transform in
            nonisolated(unsafe) let work = transform
            DispatchQueue.concurrentPerform(iterations: items.count) { index in
                slots[index] = work(inputs[index])
            }
        }
        return results.map { $0! }
    }
}
