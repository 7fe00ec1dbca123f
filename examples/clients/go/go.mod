module example.com/cardrules-client

go 1.24.0

require (
	google.golang.org/genproto/googleapis/rpc v0.0.0-20251213004720-97cd9d5aeac2
	google.golang.org/grpc v1.77.0
	google.golang.org/protobuf v1.36.11
)

require (
	golang.org/x/net v0.48.0 // indirect
	golang.org/x/sys v0.39.0 // indirect
	golang.org/x/text v0.32.0 // indirect
)
