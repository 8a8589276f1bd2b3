package pgdriver

// IndexPatterns exposes indexPatterns to the tests.
var IndexPatterns = indexPatterns
