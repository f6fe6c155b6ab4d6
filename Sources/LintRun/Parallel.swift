import Threads

/// Files are independent: lint them on every core, keep the results in input order.
enum Parallel {
    static func map<Item, Output>(_ items: [Item], _ transform: (Item) -> Output) -> [Output] {
        // One file (the common case) needs no processor count, which costs a read of /sys.
        guard items.count > 1 else { return items.map(transform) }
        let threadCount = min(items.count, onlineProcessorCount)
        guard threadCount > 1 else { return items.map(transform) }
        let results = UnsafeMutableBufferPointer<Output?>.allocate(capacity: items.count)
        results.initialize(repeating: nil)
        defer {
            _ = results.deinitialize()
            results.deallocate()
        }
        // Each index is taken once, so each slot is written by exactly one thread.
        nonisolated(unsafe) let slots = results
        nonisolated(unsafe) let inputs = items
        let indices = IndexDispenser(count: items.count)
        withoutActuallyEscaping(transform) { transform in
            nonisolated(unsafe) let work = transform
            let drain = {
                while let index = indices.next() { slots[index] = work(inputs[index]) }
            }
            // If no thread can be made, this thread does all the work.
            let helpers = (1..<threadCount).compactMap { _ in WorkerThread(drain) }
            drain()
            for helper in helpers { helper.join() }
        }
        return results.map { $0! }
    }
}

/// Hands out 0..<count, each index once, to whichever thread asks first.
private final class IndexDispenser: @unchecked Sendable {
    private let lock = CountingSemaphore(value: 1)
    private var nextIndex = 0
    private let count: Int

    init(count: Int) { self.count = count }

    func next() -> Int? {
        lock.wait()
        defer { lock.signal() }
        guard nextIndex < count else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }
}
