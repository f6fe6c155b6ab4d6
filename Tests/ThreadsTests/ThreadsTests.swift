import Testing

@testable import Threads

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

    @Test func stackSizesAreWholePages() {
        #expect(WorkerThread.roundedToPages(8 << 20, pageSize: 16_384) == 8 << 20)
        #expect(WorkerThread.roundedToPages(100 << 10, pageSize: 4096) == 100 << 10)
        // EPLINT_WORKER_STACK_KIB=100 on Apple silicon's 16 KiB pages: Darwin refuses 100 KiB.
        #expect(WorkerThread.roundedToPages(100 << 10, pageSize: 16_384) == 112 << 10)
        #expect(WorkerThread.roundedToPages(1, pageSize: 4096) == 4096)
        #expect(WorkerThread.roundedToPages(100 << 10, pageSize: -1) == 100 << 10)
        let pageSize = sysconf(Int32(_SC_PAGESIZE))
        #expect(WorkerThread.stackSize % pageSize == 0)
    }

    /// The stack the system gave the calling thread.
    private static func currentStackSize() -> Int {
        #if canImport(Darwin)
            return pthread_get_stacksize_np(pthread_self())
        #else
            // glibc's pthread_getattr_np, which Swift's Glibc module leaves out (it is a GNU extension).
            typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
            guard let symbol = dlsym(nil, "pthread_getattr_np") else { return 0 }
            var attributes = pthread_attr_t()
            guard unsafeBitCast(symbol, to: GetAttributes.self)(pthread_self(), &attributes) == 0 else { return 0 }
            defer { pthread_attr_destroy(&attributes) }
            var size = 0
            pthread_attr_getstacksize(&attributes, &size)
            return size
        #endif
    }

    /// A worker gets `stackSize` whatever the system's default for new threads (512 KiB on
    /// macOS; .ci/run also runs the tests with that default on Linux).
    @Test func aWorkerHasTheStackItAskedFor() throws {
        final class Box: @unchecked Sendable { var size = 0 }
        let box = Box()
        let worker = try #require(WorkerThread { box.size = Self.currentStackSize() })
        worker.join()
        #expect(box.size >= WorkerThread.stackSize, "\(box.size) bytes of stack, \(WorkerThread.stackSize) asked for")
    }
}
