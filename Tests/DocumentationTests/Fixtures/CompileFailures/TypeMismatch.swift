// expected-error: binary operator '>=' cannot be applied to operands of type 'TableColumn<Photo, Int>' and 'String'
import Persistence

let request = Photo.all().where { $0.rating >= "four" }
