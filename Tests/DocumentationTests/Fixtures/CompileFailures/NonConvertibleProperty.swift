// expected-error: no exact matches in call to instance method 'value'
import Foundation
import Persistence

struct Shape {}

@Table
struct Drawing {
    @Column(primaryKey: true) var id: Int64
    var shape: Shape
}
