import Foundation

/// Codes a value to and from a ``JSONValue`` directly, without JSON text between: what
/// replication does for every object it compares or writes. Numbers are `Double`s, dates their
/// default coding (seconds since 2001), as `JSONEncoder` and `JSONDecoder` code them by default.
enum JSONValueCoding {
    /// `value` as a JSON value.
    static func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let root = ValueBox()
        try value.encode(to: ValueEncoder(box: root, codingPath: []))
        return root.value
    }

    /// The `T` that `value` codes.
    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try T(from: ValueDecoder(value: value, codingPath: []))
    }
}

// MARK: - Encoding

/// A value being built: a container's members are boxes until the whole is read out.
private final class ValueBox {
    enum Content {
        case value(JSONValue)
        case object([String: ValueBox])
        case array([ValueBox])
    }

    var content: Content = .value(.null)

    var value: JSONValue {
        switch content {
        case .value(let value): value
        case .object(let members): .object(members.mapValues(\.value))
        case .array(let items): .array(items.map(\.value))
        }
    }

    func member(_ key: String) -> ValueBox {
        var members: [String: ValueBox] = [:]
        if case .object(let existing) = content { members = existing }
        let box = members[key] ?? ValueBox()
        members[key] = box
        content = .object(members)
        return box
    }

    func appended() -> ValueBox {
        var items: [ValueBox] = []
        if case .array(let existing) = content { items = existing }
        let box = ValueBox()
        items.append(box)
        content = .array(items)
        return box
    }

    func makeObject() { if case .object = content {} else { content = .object([:]) } }
    func makeArray() { if case .array = content {} else { content = .array([]) } }
}

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

private struct ValueEncoder: Encoder {
    let box: ValueBox
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        box.makeObject()
        return KeyedEncodingContainer(KeyedEncoder<Key>(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        box.makeArray()
        return UnkeyedEncoder(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleEncoder(box: box, codingPath: codingPath) }
}

/// Stores a value into a box: primitives directly, anything else through its own `encode(to:)`.
private func store<T: Encodable>(_ value: T, in box: ValueBox, codingPath: [any CodingKey]) throws {
    switch value {
    case let text as String: box.content = .value(.string(text))
    case let flag as Bool: box.content = .value(.bool(flag))
    case let number as Double: box.content = .value(.number(number))
    case let number as Float: box.content = .value(.number(Double(number)))
    case let number as Int: box.content = .value(.number(Double(number)))
    case let number as Int64: box.content = .value(.number(Double(number)))
    case let number as Int32: box.content = .value(.number(Double(number)))
    case let number as UInt64: box.content = .value(.number(Double(number)))
    case let number as UInt32: box.content = .value(.number(Double(number)))
    case let number as UInt8: box.content = .value(.number(Double(number)))
    case let date as Date: box.content = .value(.number(date.timeIntervalSinceReferenceDate))
    case let uuid as UUID: box.content = .value(.string(uuid.uuidString))
    default: try value.encode(to: ValueEncoder(box: box, codingPath: codingPath))
    }
}

private struct KeyedEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: ValueBox
    var codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { box.member(key.stringValue).content = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try store(value, in: box.member(key.stringValue), codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let member = box.member(key.stringValue)
        member.makeObject()
        return KeyedEncodingContainer(KeyedEncoder<NestedKey>(box: member, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let member = box.member(key.stringValue)
        member.makeArray()
        return UnkeyedEncoder(box: member, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        ValueEncoder(box: box.member("super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        ValueEncoder(box: box.member(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedEncoder: UnkeyedEncodingContainer {
    let box: ValueBox
    var codingPath: [any CodingKey]
    var count: Int {
        if case .array(let items) = box.content { items.count } else { 0 }
    }

    mutating func encodeNil() throws { box.appended().content = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try store(value, in: box.appended(), codingPath: codingPath + [AnyKey(intValue: count)])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        let item = box.appended()
        item.makeObject()
        return KeyedEncodingContainer(KeyedEncoder<NestedKey>(box: item, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let item = box.appended()
        item.makeArray()
        return UnkeyedEncoder(box: item, codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder { ValueEncoder(box: box.appended(), codingPath: codingPath) }
}

private struct SingleEncoder: SingleValueEncodingContainer {
    let box: ValueBox
    var codingPath: [any CodingKey]

    mutating func encodeNil() throws { box.content = .value(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws { try store(value, in: box, codingPath: codingPath) }
}

// MARK: - Decoding

private struct ValueDecoder: Decoder {
    let value: JSONValue
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: JSONValue].self, value, codingPath) }
        return KeyedDecodingContainer(KeyedDecoder<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw mismatch([JSONValue].self, value, codingPath) }
        return UnkeyedDecoder(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleDecoder(value: value, codingPath: codingPath)
    }
}

private func mismatch(_ type: Any.Type, _ value: JSONValue, _ path: [any CodingKey]) -> DecodingError {
    DecodingError.typeMismatch(type, DecodingError.Context(codingPath: path, debugDescription: "found \(value)"))
}

/// The `T` that `value` codes: primitives read directly, anything else through its `init(from:)`.
/// The coding path is made only when it is needed (an error, a nested value).
private func load<T: Decodable>(
    _ type: T.Type, from value: JSONValue, codingPath: @autoclosure () -> [any CodingKey]
) throws -> T {
    func number() throws -> Double {
        guard case .number(let number) = value else { throw mismatch(T.self, value, codingPath()) }
        return number
    }
    func integer<I: FixedWidthInteger>(_: I.Type) throws -> I {
        let number = try number()
        guard let exact = I(exactly: number) else { throw mismatch(T.self, value, codingPath()) }
        return exact
    }
    /// `primitive` as a `T`, which the case that made it checked it is.
    func typed(_ primitive: Any) throws -> T {
        guard let value = primitive as? T else { throw mismatch(T.self, value, codingPath()) }
        return value
    }
    // The commonest first, without a dynamic cast: `T` is the type compared.
    if T.self == String.self {
        guard case .string(let text) = value else { throw mismatch(T.self, value, codingPath()) }
        return unsafeBitCast(text, to: T.self)
    }
    if T.self == UUID.self {
        guard case .string(let text) = value, let uuid = UUID(uuidString: text) else {
            throw mismatch(T.self, value, codingPath())
        }
        return unsafeBitCast(uuid, to: T.self)
    }
    if T.self == Double.self { return unsafeBitCast(try number(), to: T.self) }
    if T.self == Date.self { return unsafeBitCast(Date(timeIntervalSinceReferenceDate: try number()), to: T.self) }
    if T.self == Bool.self {
        guard case .bool(let flag) = value else { throw mismatch(T.self, value, codingPath()) }
        return unsafeBitCast(flag, to: T.self)
    }
    if T.self == Int.self { return unsafeBitCast(try integer(Int.self), to: T.self) }
    switch type {
    case is Float.Type: return try typed(Float(try number()))
    case is Int.Type: return try typed(try integer(Int.self))
    case is Int64.Type: return try typed(try integer(Int64.self))
    case is Int32.Type: return try typed(try integer(Int32.self))
    case is UInt64.Type: return try typed(try integer(UInt64.self))
    case is UInt32.Type: return try typed(try integer(UInt32.self))
    case is UInt8.Type: return try typed(try integer(UInt8.self))
    case is Date.Type: return try typed(Date(timeIntervalSinceReferenceDate: try number()))
    default: return try T(from: ValueDecoder(value: value, codingPath: codingPath()))
    }
}

private struct KeyedDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    var codingPath: [any CodingKey]
    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func member(_ key: Key) throws -> JSONValue {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, DecodingError.Context(codingPath: codingPath, debugDescription: "no \(key.stringValue)"))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { (members[key.stringValue] ?? .null) == .null }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try load(type, from: try member(key), codingPath: codingPath + [key])
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        guard case .string(let text) = try member(key) else {
            throw mismatch(type, try member(key), codingPath + [key])
        }
        return text
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        guard case .bool(let flag) = try member(key) else { throw mismatch(type, try member(key), codingPath + [key]) }
        return flag
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        guard case .number(let number) = try member(key) else {
            throw mismatch(type, try member(key), codingPath + [key])
        }
        return number
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        guard case .number(let number) = try member(key), let exact = Int(exactly: number) else {
            throw mismatch(type, try member(key), codingPath + [key])
        }
        return exact
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try ValueDecoder(value: try member(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ValueDecoder(value: try member(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ValueDecoder(value: members["super"] ?? .null, codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ValueDecoder(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

private struct UnkeyedDecoder: UnkeyedDecodingContainer {
    let items: [JSONValue]
    var codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    init(items: [JSONValue], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    private mutating func next() throws -> JSONValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                JSONValue.self, DecodingError.Context(codingPath: codingPath, debugDescription: "the array ended"))
        }
        defer { currentIndex += 1 }
        return items[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let path = codingPath + [AnyKey(intValue: currentIndex)]
        return try load(type, from: try next(), codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try ValueDecoder(value: try next(), codingPath: codingPath).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try ValueDecoder(value: try next(), codingPath: codingPath).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { ValueDecoder(value: try next(), codingPath: codingPath) }
}

private struct SingleDecoder: SingleValueDecodingContainer {
    let value: JSONValue
    var codingPath: [any CodingKey]

    func decodeNil() -> Bool { value == .null }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try load(type, from: value, codingPath: codingPath) }
}
