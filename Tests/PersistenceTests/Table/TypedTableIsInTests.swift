import Foundation
import PlumeTestSupport
import Testing
@testable import Persistence

/// `isIn` means what Swift's `contains` means, nil included.
@Suite struct TypedTableIsInTests {
    @Test func nilAmongTheValuesMatchesNull() throws {
        let request = TypedPhoto.all().where { $0.album.isIn(["Lisbon", nil]) }
        #expect(request.filterSQL == #"(("album" IN (?)) OR ("album" IS NULL))"#)
        #expect(TypedPhoto.all().where { $0.album.isIn([nil]) }.filterSQL == #"("album" IS NULL)"#)
        #expect(TypedPhoto.all().where { $0.album.isIn([]) }.filterSQL == "(0)")
        try withDatabase { db in
            try makeTypedPhotoTable(db)
            var generator = SeededGenerator(seed: 6)
            let albums: [String?] = ["Lisbon", "Porto", "été", nil]
            var photos: [TypedPhoto] = []
            for id in 1...60 {
                let photo = TypedPhoto(id: Int64(id), name: "p\(id)", album: albums.randomElement(using: &generator)!,
                                       created: Date(timeIntervalSince1970: 0))
                try photo.insert(db)
                photos.append(photo)
            }
            for _ in 0..<40 {
                let chosen = albums.filter { _ in generator.chance(50) }
                let fetched = try TypedPhoto.all().where { $0.album.isIn(chosen) }.order(by: \.id).fetchAll(db)
                #expect(fetched == photos.filter { chosen.contains($0.album) }, "\(chosen)")
                let negated = try TypedPhoto.all().where { !$0.album.isIn(chosen) && $0.album != nil }.order(by: \.id).fetchAll(db)
                #expect(negated == photos.filter { !chosen.contains($0.album) && $0.album != nil }, "\(chosen)")
            }
        }
    }
}
