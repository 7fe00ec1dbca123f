//go:build !grpc133

package main

import (
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
)

// dial opens a channel to addr configured by serviceConfig (JSON). grpc-go parses the config
// here: a config it cannot parse is an error. Use TLS credentials outside a trusted network.
func dial(addr, serviceConfig string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr,
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultServiceConfig(serviceConfig))
}
