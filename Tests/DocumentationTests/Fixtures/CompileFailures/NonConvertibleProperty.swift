// expected-error: 'value(at:in:)' is unavailable: a @Table property's type must conform to DatabaseValueConvertible (stored as one value) or Codable (stored as JSON text)
// expected-at-line: 11
import Foundation
import Persistence

struct Shape {}

@Table
struct Drawing {
    @Column(primaryKey: true) var id: Int64
    var shape: Shape
}
