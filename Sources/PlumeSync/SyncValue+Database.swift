import Foundation
import Persistence
import PlumeSyncProtocol

extension SyncValue {
    /// The protocol's form of a database value.
    init(_ value: DatabaseValue) {
        switch value {
        case .null: self = .null
        case .integer(let integer): self = .integer(integer)
        case .real(let real): self = real.isNaN ? .null : .real(real)
        case .text(let text): self = .text(text)
        case .blob(let data): self = .blob(Array(data))
        }
    }

    /// The database value of a protocol value.
    var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case .integer(let integer): .integer(integer)
        case .real(let real): .real(real)
        case .text(let text): .text(text)
        case .blob(let bytes): .blob(Data(bytes))
        }
    }
}
