// expected-error: cannot convert value of type 'TableColumnTypeMismatch<Int64?, String>' to closure result type 'TablePredicate'
import Persistence

let request = Photo.all().where { $0.id == "four" }
