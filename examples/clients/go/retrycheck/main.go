// retrycheck shows that a channel configured by the published service config retries a call the
// server shed. Run by examples/clients/retry-check.sh against a server started with
// --max-concurrent-calls 1 and --metrics-listen (its only client):
//
//  1. a Batch stream on its own connection takes the server's one call slot and keeps it;
//  2. a Deal on a channel without the service config is shed: RESOURCE_EXHAUSTED, one attempt;
//  3. a Deal on a channel with the service config is shed too; when that first attempt ends, a
//     stats handler (it sees every attempt, below the retry logic) closes the Batch stream and
//     waits until the server's metrics show no call in flight, before the retry starts; the
//     retry is admitted and answers the right deal.
//
// The order is fixed by events (the attempt's end, the stream's end, the server's gauge), never
// by sleeping, so the result does not depend on the machine's speed. Checks: the configured call
// succeeded with the right answer after its first attempt was shed, and the server's metrics
// count exactly 2 Deal calls for it, 1 shed and 1 answered OK.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/stats"
	"google.golang.org/grpc/status"

	pb "example.com/cardrules-client/gen/cardrulesv1"
)

// Only stops a hung run; no result depends on it.
const limit = 60 * time.Second

const dealLabels = `grpc_method="Deal",grpc_service="cardrules.v1.CardRulesService",grpc_type="unary"`

// scrape returns the server's metrics as series (name with labels) to value.
func scrape(metricsAddr string) (map[string]float64, error) {
	client := http.Client{Timeout: limit}
	response, err := client.Get("http://" + metricsAddr + "/metrics")
	if err != nil {
		return nil, err
	}
	defer response.Body.Close()
	series := map[string]float64{}
	lines := bufio.NewScanner(response.Body)
	for lines.Scan() {
		line := lines.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cut := strings.LastIndexByte(line, ' ')
		value, err := strconv.ParseFloat(line[cut+1:], 64)
		if err != nil {
			return nil, fmt.Errorf("metrics line %q: %v", line, err)
		}
		series[line[:cut]] = value
	}
	return series, lines.Err()
}

// attempts is a client stats handler: it records how the attempts of the calls on its channel
// ended and runs onShed, once, when an attempt ends with RESOURCE_EXHAUSTED. grpc-go reports an attempt's
// end before it decides on a retry and waits out the backoff, so the retry starts after onShed.
type attempts struct {
	mu     sync.Mutex
	ended  []codes.Code
	onShed func()
	shed   sync.Once
}

func (a *attempts) TagRPC(ctx context.Context, _ *stats.RPCTagInfo) context.Context { return ctx }
func (a *attempts) TagConn(ctx context.Context, _ *stats.ConnTagInfo) context.Context {
	return ctx
}
func (a *attempts) HandleConn(context.Context, stats.ConnStats) {}

func (a *attempts) HandleRPC(_ context.Context, s stats.RPCStats) {
	end, ok := s.(*stats.End)
	if !ok {
		return
	}
	code := status.Code(end.Error)
	a.mu.Lock()
	a.ended = append(a.ended, code)
	a.mu.Unlock()
	if code == codes.ResourceExhausted {
		a.shed.Do(a.onShed)
	}
}

func main() {
	addr := flag.String("addr", "", "host:port of a cardrules server started with --max-concurrent-calls 1")
	metricsAddr := flag.String("metrics", "", "host:port of that server's --metrics-listen")
	configPath := flag.String("service-config", "../../../../deploy/service-config.json", "the gRPC service config")
	flag.Parse()
	if err := run(*addr, *metricsAddr, *configPath); err != nil {
		fmt.Printf("retry check: FAILED: %v\n", err)
		os.Exit(1)
	}
	fmt.Println("retry check: passed")
}

func check(ok bool, what string, failures *int) {
	if ok {
		fmt.Println("ok   " + what)
	} else {
		*failures++
		fmt.Println("FAIL " + what)
	}
}

func run(addr, metricsAddr, configPath string) error {
	serviceConfig, err := os.ReadFile(configPath)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	deal := &pb.DealRequest{Game: pb.Game_GAME_DOUDIZHU, Seed: new(uint64)}
	*deal.Seed = 42

	// This check runs on the Debian build only, so it dials with grpc-go 1.33's forms (grpc.Dial,
	// WithInsecure); ../dial.go shows the current ones.
	//
	// A service config grpc-go cannot parse fails the dial: the published one is checked by
	// every dial below, this shows that the check is real.
	if _, err := grpc.Dial(addr, grpc.WithInsecure(),
		grpc.WithDefaultServiceConfig(`{"methodConfig": [{"timeout": 7}]}`)); err == nil {
		return errors.New("a malformed service config was accepted by the dial")
	}

	// 1. The holder: a Batch stream that has been answered once is admitted and keeps its slot.
	holderConn, err := grpc.Dial(addr, grpc.WithInsecure())
	if err != nil {
		return err
	}
	defer holderConn.Close()
	holder, err := pb.NewCardRulesServiceClient(holderConn).Batch(ctx)
	if err != nil {
		return err
	}
	if err := holder.Send(&pb.BatchRequest{Items: []*pb.BatchItem{{Id: 1, Request: &pb.BatchItem_Deal{Deal: deal}}}}); err != nil {
		return err
	}
	if _, err := holder.Recv(); err != nil {
		return fmt.Errorf("the holding stream: %v", err)
	}

	// 2. Without the service config nothing retries: the call is shed.
	plainConn, err := grpc.Dial(addr, grpc.WithInsecure(), grpc.WithDisableServiceConfig())
	if err != nil {
		return err
	}
	defer plainConn.Close()
	callCtx, callCancel := context.WithTimeout(ctx, 10*time.Second)
	_, err = pb.NewCardRulesServiceClient(plainConn).Deal(callCtx, deal)
	callCancel()
	if status.Code(err) != codes.ResourceExhausted {
		return fmt.Errorf("with every slot taken, a Deal without retries got %v, want RESOURCE_EXHAUSTED", err)
	}
	before, err := scrape(metricsAddr)
	if err != nil {
		return err
	}

	// 3. With the service config: the first attempt is shed, the holder lets go, the retry runs.
	var releaseErr error
	counter := &attempts{onShed: func() {
		releaseErr = func() error {
			if err := holder.CloseSend(); err != nil {
				return err
			}
			if _, err := holder.Recv(); err != io.EOF {
				return fmt.Errorf("the holding stream did not end cleanly: %v", err)
			}
			// The server frees a slot once the response is sent in full: wait for its gauge.
			for {
				series, err := scrape(metricsAddr)
				if err != nil {
					return err
				}
				if series["cardrules_calls_in_flight"] == 0 {
					return nil
				}
				select {
				case <-ctx.Done():
					return errors.New("the server never reported 0 calls in flight")
				case <-time.After(10 * time.Millisecond):
				}
			}
		}()
	}}
	conn, err := grpc.Dial(addr, grpc.WithInsecure(), grpc.WithDefaultServiceConfig(string(serviceConfig)),
		grpc.WithStatsHandler(counter))
	if err != nil {
		return fmt.Errorf("the published service config: %v", err)
	}
	defer conn.Close()
	callCtx, callCancel = context.WithTimeout(ctx, 10*time.Second)
	answer, err := pb.NewCardRulesServiceClient(conn).Deal(callCtx, deal)
	callCancel()
	if releaseErr != nil {
		return releaseErr
	}
	after, err2 := scrape(metricsAddr)
	if err2 != nil {
		return err2
	}
	delta := func(series string) float64 { return after[series] - before[series] }

	failures := 0
	check(err == nil, fmt.Sprintf("the Deal on the configured channel succeeded (error: %v)", err), &failures)
	check(reflect.DeepEqual(answer.GetKitty(), []string{"5D", "7C", "KS"}), "it answered seed 42's deal", &failures)
	counter.mu.Lock()
	ended := counter.ended
	counter.mu.Unlock()
	// Old grpc-go (Debian's 1.33) reports only a call's first attempt to stats handlers, current
	// releases report every attempt: the exact count is the server's.
	check(len(ended) > 0 && ended[0] == codes.ResourceExhausted,
		fmt.Sprintf("the client saw its first attempt shed (attempt outcomes seen: %v)", ended), &failures)
	started := delta("grpc_server_started_total{" + dealLabels + "}")
	ok := delta(`grpc_server_handled_total{grpc_code="OK",` + dealLabels + "}")
	exhausted := delta(`grpc_server_handled_total{grpc_code="ResourceExhausted",` + dealLabels + "}")
	shed := delta("cardrules_calls_shed_total")
	check(started == 2 && ok == 1 && exhausted == 1 && shed == 1,
		fmt.Sprintf("the server started 2 Deal calls, shed 1 and answered 1 OK (started %v, OK %v, RESOURCE_EXHAUSTED %v, shed %v)",
			started, ok, exhausted, shed), &failures)
	if failures > 0 {
		return fmt.Errorf("%d checks failed", failures)
	}
	return nil
}
