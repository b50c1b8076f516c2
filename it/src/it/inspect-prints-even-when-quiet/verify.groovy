log = new File(basedir, "build.log").text
// the whole report, DECIMAL column included: the schema, the footer, the head of the other columns and why not it
assert log.contains("rows: 20") : log
assert log.contains("  price: INT64 (DECIMAL(10,2)) (nullable)  [not readable by the engine: ") : log
assert log.contains("| \"name0\" | (not read) | 0  |") : log
assert log.contains("not read:\n  price: the engine has no column kind for optional int64 price (DECIMAL(10,2))") : log
assert !log.contains("[INFO]") : "-q: no INFO line"
