// expected-error: value of type 'Photo.Columns' has no member 'ratting'
import Persistence

let request = Photo.all().order(by: \.ratting)
