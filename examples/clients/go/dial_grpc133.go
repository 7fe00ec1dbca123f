//go:build grpc133

package main

import "google.golang.org/grpc"

// dial for Debian 12's grpc-go 1.33, which CI builds against (build-debian.sh sets the grpc133
// tag): it has neither grpc.NewClient nor the insecure credentials package, so it dials with the
// older forms dial.go replaces. It also retries only with GRPC_GO_RETRY=on in the environment.
func dial(addr, serviceConfig string) (*grpc.ClientConn, error) {
	return grpc.Dial(addr, grpc.WithInsecure(), grpc.WithDefaultServiceConfig(serviceConfig))
}
