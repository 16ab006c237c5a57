// expected-error: cannot convert value of type 'TableColumnTypeMismatch<Int, String>' to closure result type 'TablePredicate'
import Persistence

let request = Photo.all().where { $0.rating >= "four" }
