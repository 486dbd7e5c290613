import Foundation
import ReflectMap

// A generated series of one realistic record shape (an order with a customer and line items) at
// 1×, 10× and 100× the record count, to show how cost grows.

struct OrderPage: Mappable, Equatable, Codable {
    var orders: [Order] = []
    var total = 0

    enum CodingKeys: String, CodingKey {
        case orders, total
    }
}

struct Order: Mappable, Equatable, Codable {
    var id: Int64 = 0
    var status = ""
    var createdAt = ""
    var customerName = ""
    var customerEmail: String?
    var amount = 0.0
    var paid = false
    var tags: [String] = []
    var items: [OrderItem] = []

    enum CodingKeys: String, CodingKey {
        case id, status, createdAt = "created_at", customerName = "customer_name"
        case customerEmail = "customer_email", amount, paid, tags, items
    }
}

struct OrderItem: Mappable, Equatable, Codable {
    var sku = ""
    var quantity = 0
    var unitPrice = 0.0

    enum CodingKeys: String, CodingKey {
        case sku, quantity, unitPrice = "unit_price"
    }
}

extension OrderPage {
    init(dictionary d: [String: Any]) {
        orders = (d["orders"] as? [[String: Any]])?.map(Order.init(dictionary:)) ?? []
        total = d["total"] as? Int ?? 0
    }

    /// A page of `count` orders, the same for the same count.
    static func generatedJSON(count: Int) -> Data {
        var generator = SplitMix64(seed: 42)
        let statuses = ["pending", "shipped", "delivered", "cancelled"]
        let orders: [[String: Any]] = (0..<count).map { index in
            var order: [String: Any] = [
                "id": 1_000_000_000_000 + index,
                "status": statuses[Int(generator.next() % 4)],
                "created_at": "2024-0\(1 + index % 9)-1\(index % 10)T10:\(10 + index % 50):00Z",
                "customer_name": "Customer \(generator.next() % 100_000)",
                "amount": Double(generator.next() % 1_000_000) / 100,
                "paid": generator.next() % 2 == 0,
                "tags": (0..<Int(generator.next() % 4)).map { "tag\($0)" },
                "items": (0..<(1 + Int(generator.next() % 5))).map { item in
                    [
                        "sku": "SKU-\(index)-\(item)", "quantity": 1 + Int(generator.next() % 9),
                        "unit_price": Double(generator.next() % 10_000) / 100,
                    ] as [String: Any]
                },
            ]
            order["customer_email"] = index % 3 == 0 ? NSNull() : "c\(index)@example.com"
            return order
        }
        // Generated from plain values, so serialisation cannot fail.
        return (try? JSONSerialization.data(withJSONObject: ["orders": orders, "total": count])) ?? Data()
    }
}

extension Order {
    init(dictionary d: [String: Any]) {
        id = d["id"] as? Int64 ?? 0
        status = d["status"] as? String ?? ""
        createdAt = d["created_at"] as? String ?? ""
        customerName = d["customer_name"] as? String ?? ""
        customerEmail = d["customer_email"] as? String
        amount = d["amount"] as? Double ?? 0
        paid = d["paid"] as? Bool ?? false
        tags = d["tags"] as? [String] ?? []
        items =
            (d["items"] as? [[String: Any]])?.map {
                OrderItem(
                    sku: $0["sku"] as? String ?? "", quantity: $0["quantity"] as? Int ?? 0,
                    unitPrice: $0["unit_price"] as? Double ?? 0)
            } ?? []
    }
}

/// A small deterministic random number generator, so the series is the same on every run.
struct SplitMix64 {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
