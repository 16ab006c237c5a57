// The record every compile-failure fixture uses (compiled with each).
import Foundation
import Persistence

@Table("photo")
struct Photo {
    @Column(primaryKey: true) var id: Int64?
    var name: String
    var album: String?
    var rating: Int = 0
}

@Table
struct LogLine {
    var message: String
}
