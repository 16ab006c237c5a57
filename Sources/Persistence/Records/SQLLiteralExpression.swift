/// The SQL expression that writes the value of `expression` as an SQL
/// literal reading back as the same value, for keys made of several
/// columns (`quote(a) || ',' || quote(b)`): `quote(expression)`, except
/// for text holding a `NUL` byte, which `quote()` cuts at the `NUL` (so
/// that `'a' || char(0) || 'b'` and `'a' || char(0) || 'c'` would read as
/// the same key): that text is written `CAST(X'610062' AS TEXT)`.
///
/// The change history's keys of `WITHOUT ROWID` tables and a fetched
/// results controller's composite-key identities use it, so that both
/// name a row alike.
package func sqlLiteralExpression(_ expression: String) -> String {
    "CASE WHEN typeof(\(expression)) = 'text' AND instr(\(expression), char(0)) > 0 "
        + "THEN 'CAST(' || quote(CAST(\(expression) AS BLOB)) || ' AS TEXT)' ELSE quote(\(expression)) END"
}
