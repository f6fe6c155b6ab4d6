import Testing
import Threads

/// The pthread pieces the parallel file walk relies on: a worker runs
/// to its end before `join` returns, and semaphores hand items over in order, never more in
/// flight than the slots allow.
@Suite struct ThreadsTests {
    /// State shared by the two threads of a test, only under `lock`.
    private final class Handover: @unchecked Sendable {
        let lock = CountingSemaphore(value: 1)
        let freeSlots: CountingSemaphore
        let filledSlots = CountingSemaphore(value: 0)
        var queue: [Int] = []
        var mostInFlight = 0

        init(slots: Int) { freeSlots = CountingSemaphore(value: slots) }
    }

    @Test func semaphoresHandItemsOverInOrderWithinTheSlots() throws {
        let handover = Handover(slots: 2)
        let count = 20_000
        let producer = try #require(
            WorkerThread {
                for item in 0..<count {
                    handover.freeSlots.wait()
                    handover.lock.wait()
                    handover.queue.append(item)
                    handover.mostInFlight = max(handover.mostInFlight, handover.queue.count)
                    handover.lock.signal()
                    handover.filledSlots.signal()
                }
            })
        var received: [Int] = []
        var foundEmpty = 0
        for _ in 0..<count {
            handover.filledSlots.wait()
            handover.lock.wait()
            if handover.queue.isEmpty { foundEmpty += 1 } else { received.append(handover.queue.removeFirst()) }
            handover.lock.signal()
            handover.freeSlots.signal()
        }
        producer.join()
        #expect(foundEmpty == 0)
        #expect(received == Array(0..<count))
        #expect(handover.mostInFlight <= 2)
        #expect(handover.queue.isEmpty)
    }

    @Test func joinWaitsForTheWorkToEnd() throws {
        let handover = Handover(slots: 1)
        let worker = try #require(
            WorkerThread {
                // Long enough that a join that did not wait would see the queue short.
                for item in 0..<100_000 {
                    handover.lock.wait()
                    handover.queue.append(item)
                    handover.lock.signal()
                }
            })
        worker.join()
        worker.join()  // a second join is harmless
        #expect(handover.queue.count == 100_000)
    }
}
