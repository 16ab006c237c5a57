// expected-error: cannot convert value of type 'Int' to expected argument type 'String'
import Persistence

let request = Photo.all().where { $0.rating >= 4 && $0.name == 3 }
