import Foundation
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerData

@Suite("The pages a stored table keeps after reading them")
struct PageCacheTests {
    @Test(
        "it keeps the most recently used pages, up to its capacity, as a list in order of use does",
        arguments: [1, 2, 3] as [UInt64])
    func leastRecentlyUsedGoes(_ seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var cache = PageCache(capacity: 8)
        // The model: page numbers, least recently used first, and each page's bytes.
        var order: [Int] = []
        var contents: [Int: [UInt8]] = [:]
        for step in 0..<5_000 {
            let page = Int.random(in: 0..<20, using: &generator)
            if Bool.random(using: &generator) {
                let found = cache.bytes(of: page)
                #expect(found == (order.contains(page) ? contents[page] : nil), "step \(step)")
                if found != nil {
                    order.removeAll { $0 == page }
                    order.append(page)
                }
            } else {
                let bytes = [UInt8(truncatingIfNeeded: step), UInt8(page)]
                cache.keep(bytes, as: page)
                order.removeAll { $0 == page }
                order.append(page)
                if order.count > 8 { contents[order.removeFirst()] = nil }
                contents[page] = bytes
            }
        }
        for page in 0..<20 { #expect(cache.bytes(of: page) == (order.contains(page) ? contents[page] : nil)) }
    }
}
