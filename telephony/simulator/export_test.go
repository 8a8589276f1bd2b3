package simulator

// RESTRoutes lists the REST routes s serves, as ServeMux patterns ("POST
// /2010-04-01/Accounts/{account}/Calls.json"), for the tests of the
// simulator_test package: TestTwilioDescription drives every one.
func RESTRoutes(s *Simulator) []string { return append([]string(nil), s.restRoutes...) }
