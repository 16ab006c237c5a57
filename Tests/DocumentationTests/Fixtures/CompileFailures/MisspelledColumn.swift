// expected-error: value of type 'Photo.Columns' has no member 'albm'
import Persistence

let request = Photo.all().where { $0.albm != nil }
