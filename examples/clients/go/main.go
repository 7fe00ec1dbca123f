// A cardrules client in Go: calls every RPC of CardRulesService (one of them, Batch, as a
// bidirectional stream) and reads the google.rpc.BadRequest detail of an INVALID_ARGUMENT answer,
// over a channel configured by the published service config (deploy/service-config.json:
// retries of UNAVAILABLE and RESOURCE_EXHAUSTED, a default deadline per RPC family).
//
// The stubs are generated from proto/ into gen/cardrulesv1 (never committed) by gen.sh (also
// run by `go generate`); `go mod tidy` then writes go.sum for the versions of go.mod:
//
//	sh gen.sh && go mod tidy && go run . -addr localhost:50051
//
// Each check is one small function in the checks table, named after the RPC it calls; a new RPC
// is one more (the coverage check fails until it has one). Exits 1 when any answer is not the
// expected one.
package main

//go:generate sh gen.sh

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"reflect"
	"strings"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	pb "example.com/cardrules-client/gen/cardrulesv1"
)

// Every call carries a deadline: a stuck server fails the check instead of hanging the client.
// The service config's per-family timeout also applies; the earlier of the two wins.
const callTimeout = 10 * time.Second

type check struct {
	name string
	run  func(ctx context.Context, c pb.CardRulesServiceClient) error
}

// expect returns an error naming what differs when got is not want (deep equality; messages are
// compared with proto.Equal).
func expect(got, want any, what string) error {
	gotMsg, gotIsMsg := got.(proto.Message)
	wantMsg, wantIsMsg := want.(proto.Message)
	if gotIsMsg && wantIsMsg {
		if !proto.Equal(gotMsg, wantMsg) {
			return fmt.Errorf("%s: got %v, want %v", what, gotMsg, wantMsg)
		}
		return nil
	}
	if !reflect.DeepEqual(got, want) {
		return fmt.Errorf("%s: got %v, want %v", what, got, want)
	}
	return nil
}

// all returns the first error of errs, or nil.
func all(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func u64(v uint64) *uint64 { return &v }
func u32(v uint32) *uint32 { return &v }

func seededRecord(seed uint64, bids []*pb.DoudizhuBid, plays []*pb.DoudizhuGamePlay) *pb.DoudizhuGameRecord {
	return &pb.DoudizhuGameRecord{
		Deal:  &pb.DoudizhuGameRecord_SeededDeal{SeededDeal: &pb.DoudizhuSeededDeal{Seed: seed}},
		Bids:  bids,
		Plays: plays,
	}
}

// badRequestFields returns the fields named by the google.rpc.BadRequest details of err.
func badRequestFields(err error) (codes.Code, []string) {
	st := status.Convert(err)
	var fields []string
	for _, detail := range st.Details() {
		if bad, ok := detail.(*errdetails.BadRequest); ok {
			for _, v := range bad.GetFieldViolations() {
				fields = append(fields, v.GetField())
			}
		}
	}
	return st.Code(), fields
}

var dealRequest = &pb.DealRequest{Game: pb.Game_GAME_DOUDIZHU, Seed: u64(42), LandlordSeat: u32(0)}

var checks = []check{
	{"Deal: a seeded deal is reproducible and deals 20 + 17 + 17 with a kitty of 3",
		func(ctx context.Context, c pb.CardRulesServiceClient) error {
			first, err := c.Deal(ctx, dealRequest)
			if err != nil {
				return err
			}
			again, err := c.Deal(ctx, dealRequest)
			if err != nil {
				return err
			}
			var sizes []int
			for _, hand := range first.GetHands() {
				sizes = append(sizes, len(hand.GetCards()))
			}
			return all(
				expect(again, first, "the same seed, the same deal"),
				expect(sizes, []int{20, 17, 17}, "hand sizes"),
				expect(first.GetHands()[0].GetIsLandlord(), true, "seat 0 is the landlord"),
				expect(first.GetKitty(), []string{"5D", "7C", "KS"}, "kitty of seed 42"),
				expect(first.GetHands()[0].GetCards()[:3], []string{"4D", "5S", "5D"}, "lowest cards"),
			)
		}},
	{"ValidatePlay: an airplane beats a lower one; a low four-with-pairs is TOO_LOW; a bad card is a BadRequest",
		func(ctx context.Context, c pb.CardRulesServiceClient) error {
			legal, err := c.ValidatePlay(ctx, &pb.ValidatePlayRequest{
				Hand:     []string{"10S", "10H", "10C", "JS", "JH", "JD", "4C", "9D", "2S", "BJ", "RJ"},
				Play:     []string{"10S", "10H", "10C", "JS", "JH", "JD", "4C", "9D"},
				Previous: []string{"5", "5", "5", "6", "6", "6", "8", "8"},
			})
			if err != nil {
				return err
			}
			tooLow, err := c.ValidatePlay(ctx, &pb.ValidatePlayRequest{
				Rules:    &pb.DoudizhuRules{Preset: pb.DoudizhuPreset_DOUDIZHU_PRESET_PERMISSIVE},
				Play:     []string{"3", "3", "3", "3", "4", "4", "4", "4"},
				Previous: []string{"5", "5", "5", "5", "9", "9", "J", "J"},
			})
			if err != nil {
				return err
			}
			// A malformed request is an error status whose details (the grpc-status-details-bin
			// trailer) carry a google.rpc.BadRequest naming the field.
			_, err = c.ValidatePlay(ctx, &pb.ValidatePlayRequest{Hand: []string{"3S", "1X"}, Play: []string{"3S"}})
			if err == nil {
				return errors.New("the bad card was accepted")
			}
			code, fields := badRequestFields(err)
			return all(
				expect(legal.GetLegal(), true, "legal"),
				expect(legal.GetReading().GetType(), pb.ComboType_COMBO_TYPE_AIRPLANE_WITH_SINGLES, "reading"),
				expect(tooLow.GetLegal(), false, "legal"),
				expect(tooLow.GetReason(), pb.IllegalPlayReason_ILLEGAL_PLAY_REASON_TOO_LOW, "reason"),
				expect(len(tooLow.GetReadings()), 2, "readings of 33334444 under PERMISSIVE"),
				expect(code, codes.InvalidArgument, "the bad card's status code"),
				expect(fields, []string{"hand[1]"}, "fields named by BadRequest"),
			)
		}},
	{"CompareCombos: a bomb beats a straight",
		func(ctx context.Context, c pb.CardRulesServiceClient) error {
			answer, err := c.CompareCombos(ctx, &pb.CompareCombosRequest{
				A: []string{"7", "7", "7", "7"},
				B: []string{"3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"},
			})
			if err != nil {
				return err
			}
			return all(
				expect(answer.GetOutcome(), pb.ComparisonOutcome_COMPARISON_OUTCOME_A_BEATS_B, "outcome"),
				expect(answer.GetAReading().GetType(), pb.ComboType_COMBO_TYPE_BOMB, "A's reading"),
			)
		}},
	{"ListPlays: the two plays that beat a 3-7 straight",
		func(ctx context.Context, c pb.CardRulesServiceClient) error {
			answer, err := c.ListPlays(ctx, &pb.ListPlaysRequest{
				Hand:     []string{"3S", "5H", "6C", "7D", "8S", "8H", "8C", "8D", "9S", "2S", "BJ"},
				Previous: []string{"3", "4", "5", "6", "7"},
			})
			if err != nil {
				return err
			}
			var plays [][]string
			for _, play := range answer.GetPlays() {
				plays = append(plays, play.GetCards())
			}
			return all(
				expect(plays, [][]string{{"5H", "6C", "7D", "8S", "9S"}, {"8S", "8H", "8C", "8D"}}, "plays"),
				expect(answer.GetTruncated(), false, "truncated"),
			)
		}},
	{"FitWildcards: with 10 wild, J J J + a 10 is first a soft bomb of jacks, over 999+4",
		func(ctx context.Context, c pb.CardRulesServiceClient) error {
			answer, err := c.FitWildcards(ctx, &pb.FitWildcardsRequest{
				Rules:    &pb.DoudizhuRules{WildRanks: []string{"10"}},
				Play:     []string{"JS", "JH", "JD", "10S"},
				Previous: []string{"9", "9", "9", "4"},
				Limit:    2,
			})
			if err != nil {
				return err
			}
			if len(answer.GetFits()) == 0 {
				return errors.New("no fits")
			}
			first := answer.GetFits()[0]
			var assigned []string
			for _, a := range first.GetAssignments() {
				assigned = append(assigned, a.GetCard()+" as "+a.GetRank())
			}
			return all(
				expect(first.GetReading().GetType(), pb.ComboType_COMBO_TYPE_BOMB, "first fit"),
				expect(first.GetReading().GetBombKind(), pb.BombKind_BOMB_KIND_SOFT, "bomb kind"),
				expect(assigned, []string{"10S as J"}, "the wildcard's rank"),
				expect(first.GetBeatsPrevious(), true, "beats 999+4"),
				expect([]any{len(answer.GetFits()), answer.GetTruncated()}, []any{2, true}, "limit"),
			)
		}},
	{"MahjongWaits: 123m456p789s1122z waits on 1z and 2z, 3 live with one 1z visible",
		func(ctx context.Context, c pb.CardRulesServiceClient) error {
			answer, err := c.MahjongWaits(ctx, &pb.MahjongWaitsRequest{Hand: "123m456p789s1122z", Visible: "1z"})
			if err != nil {
				return err
			}
			var waits []string
			for _, w := range answer.GetWaits() {
				waits = append(waits, fmt.Sprintf("%s x%d", w.GetTile(), w.GetLive()))
			}
			return all(
				expect(answer.GetReady(), true, "ready"),
				expect(waits, []string{"1z x1", "2z x2"}, "waits"),
				expect(answer.GetLiveTotal(), uint32(3), "live total"),
			)
		}},
	{"MahjongAnalyze: with three melds, discarding 5z leaves a hand ready on 1m 4m",
		func(ctx context.Context, c pb.CardRulesServiceClient) error {
			answer, err := c.MahjongAnalyze(ctx, &pb.MahjongAnalyzeRequest{
				Hand:    "23m11z5z",
				Visible: "1m4m",
				Melds: []*pb.Meld{
					{Kind: pb.MeldKind_MELD_KIND_PON, Tiles: "777z"},
					{Kind: pb.MeldKind_MELD_KIND_CHI, Tiles: "345p"},
					{Kind: pb.MeldKind_MELD_KIND_KAN, Tiles: "9999s", Concealed: true},
				},
			})
			if err != nil {
				return err
			}
			if len(answer.GetDiscards()) == 0 {
				return errors.New("no discards")
			}
			best := answer.GetDiscards()[0]
			var improving []string
			for _, t := range best.GetImproving() {
				improving = append(improving, fmt.Sprintf("%s x%d", t.GetTile(), t.GetLive()))
			}
			return all(
				expect(answer.GetComplete(), false, "complete"),
				expect(best.GetDiscard(), "5z", "best discard"),
				expect(best.GetShanten(), uint32(0), "the shanten it leaves"),
				expect(improving, []string{"1m x3", "4m x3"}, "improving tiles"),
			)
		}},
	{"MahjongScore: the dealer's self-drawn haku hand with a double-East pair is 40 fu 2 han",
		func(ctx context.Context, c pb.CardRulesServiceClient) error {
			answer, err := c.MahjongScore(ctx, &pb.MahjongScoreRequest{
				Hand:        "123m456p789s11555z",
				WinningTile: "9s",
				Context: &pb.MahjongWinContext{
					Method: pb.WinMethod_WIN_METHOD_SELF_DRAWN,
					Riichi: &pb.RiichiWinContext{Honba: 1},
				},
			})
			if err != nil {
				return err
			}
			var yaku []string
			for _, e := range answer.GetElements() {
				yaku = append(yaku, e.GetId())
			}
			var payments []int64
			for _, p := range answer.GetPayments() {
				payments = append(payments, p.GetPoints())
			}
			return all(
				expect(answer.GetValid(), true, "valid"),
				expect(yaku, []string{"riichi.menzen_tsumo", "riichi.yakuhai_haku"}, "yaku"),
				expect([]uint32{answer.GetTotals().GetFu(), answer.GetTotals().GetHan()}, []uint32{40, 2}, "fu and han"),
				expect(payments, []int64{4200, -1400, -1400, -1400}, "payments"),
			)
		}},
	{"NextActions: seed 42, seat 0 bids first; after its bid of 3 it leads with 20 cards",
		func(ctx context.Context, c pb.CardRulesServiceClient) error {
			bidding, err := c.NextActions(ctx, &pb.NextActionsRequest{Record: seededRecord(42, nil, nil)})
			if err != nil {
				return err
			}
			bids := []*pb.DoudizhuBid{{Seat: 0, Action: pb.DoudizhuBidAction_DOUDIZHU_BID_ACTION_BID_THREE}}
			lead, err := c.NextActions(ctx, &pb.NextActionsRequest{Record: seededRecord(42, bids, nil), Limit: 5})
			if err != nil {
				return err
			}
			offered := bidding.GetBids()
			if len(offered) == 0 || len(lead.GetState().GetSeats()) == 0 {
				return errors.New("no bids offered or no seats")
			}
			return all(
				expect(bidding.GetPhase(), pb.DoudizhuGamePhase_DOUDIZHU_GAME_PHASE_BIDDING, "phase"),
				expect(bidding.GetSeat(), uint32(0), "seat to act"),
				expect(offered[len(offered)-1], pb.DoudizhuBidAction_DOUDIZHU_BID_ACTION_BID_THREE, "highest bid offered"),
				expect([]any{lead.GetSeat(), lead.GetMayPass(), lead.GetTruncated()}, []any{uint32(0), false, true}, "the lead"),
				expect(len(lead.GetPlays()), 5, "plays up to the limit"),
				expect(lead.GetState().GetSeats()[0].GetCardCount(), uint32(20), "the landlord took the kitty"),
			)
		}},
	{"AdjudicateGame: a card the seat never held is illegal at plays[0]; all pass is a redeal",
		func(ctx context.Context, c pb.CardRulesServiceClient) error {
			bids := []*pb.DoudizhuBid{{Seat: 0, Action: pb.DoudizhuBidAction_DOUDIZHU_BID_ACTION_BID_THREE}}
			plays := []*pb.DoudizhuGamePlay{{Seat: 0, Cards: []string{"3S"}}}
			illegal, err := c.AdjudicateGame(ctx, &pb.AdjudicateGameRequest{Record: seededRecord(42, bids, plays)})
			if err != nil {
				return err
			}
			var passes []*pb.DoudizhuBid
			for seat := uint32(0); seat < 3; seat++ {
				passes = append(passes, &pb.DoudizhuBid{Seat: seat, Action: pb.DoudizhuBidAction_DOUDIZHU_BID_ACTION_PASS})
			}
			redeal, err := c.AdjudicateGame(ctx, &pb.AdjudicateGameRequest{Record: seededRecord(42, passes, nil)})
			if err != nil {
				return err
			}
			return all(
				expect(illegal.GetVerdict(), pb.DoudizhuGameVerdict_DOUDIZHU_GAME_VERDICT_ILLEGAL, "verdict"),
				expect(illegal.GetViolation().GetField(), "record.plays[0]", "the illegal action"),
				expect(illegal.GetViolation().GetPlayReason(), pb.IllegalPlayReason_ILLEGAL_PLAY_REASON_NOT_IN_HAND, "reason"),
				expect(redeal.GetVerdict(), pb.DoudizhuGameVerdict_DOUDIZHU_GAME_VERDICT_REDEAL, "verdict"),
			)
		}},
	{"Batch: two messages on one stream, each item answered in order as its unary call",
		func(ctx context.Context, c pb.CardRulesServiceClient) error {
			bad := &pb.ValidatePlayRequest{Hand: []string{"3S", "1X"}, Play: []string{"3S"}}
			messages := []*pb.BatchRequest{
				{Items: []*pb.BatchItem{
					{Id: 1, Request: &pb.BatchItem_Deal{Deal: dealRequest}},
					{Id: 2, Request: &pb.BatchItem_ValidatePlay{ValidatePlay: bad}},
				}},
				{Items: []*pb.BatchItem{
					{Id: 3, Request: &pb.BatchItem_MahjongWaits{MahjongWaits: &pb.MahjongWaitsRequest{Hand: "1112345678999m"}}},
				}},
			}
			// The deadline of ctx bounds the whole stream (the service config sets none for Batch:
			// a room server's stream may stay open as long as the room).
			stream, err := c.Batch(ctx)
			if err != nil {
				return err
			}
			// The server answers one message before it reads the next: send and read in turn.
			var answers []*pb.BatchResponse
			for _, message := range messages {
				if err := stream.Send(message); err != nil {
					return err
				}
				answer, err := stream.Recv()
				if err != nil {
					return err
				}
				answers = append(answers, answer)
			}
			if err := stream.CloseSend(); err != nil {
				return err
			}
			if _, err := stream.Recv(); err != io.EOF {
				return fmt.Errorf("the stream did not end cleanly after CloseSend: %v", err)
			}
			var ids [][]uint64
			for _, answer := range answers {
				var batch []uint64
				for _, r := range answer.GetResults() {
					batch = append(batch, r.GetId())
				}
				ids = append(ids, batch)
			}
			if err := expect(ids, [][]uint64{{1, 2}, {3}}, "ids, in order"); err != nil {
				return err
			}
			unary, err := c.Deal(ctx, dealRequest)
			if err != nil {
				return err
			}
			dealt, rejected := answers[0].GetResults()[0], answers[0].GetResults()[1]
			var fields []string
			for _, v := range rejected.GetStatus().GetFieldViolations() {
				fields = append(fields, v.GetField())
			}
			return all(
				expect(dealt.GetStatus().GetCode(), int32(codes.OK), "the deal's status"),
				expect(dealt.GetDeal(), unary, "the same deal as the unary call"),
				expect(rejected.GetStatus().GetCode(), int32(codes.InvalidArgument), "the bad item's code"),
				expect(fields, []string{"hand[1]"}, "its violations"),
				expect(len(answers[1].GetResults()[0].GetMahjongWaits().GetWaits()), 9, "nine gates waits on nine tiles"),
			)
		}},
}

// The coverage check reads the table it is in, so it joins the table at start-up.
func init() {
	checks = append(checks, check{"Coverage: every RPC of CardRulesService has a check named after it", coverage})
}

// coverage fails when an RPC of the service (read from the generated descriptor) has no check.
func coverage(context.Context, pb.CardRulesServiceClient) error {
	checked := map[string]bool{}
	for _, c := range checks {
		checked[strings.SplitN(c.name, ":", 2)[0]] = true
	}
	var missing []string
	methods := pb.File_cardrules_v1_service_proto.Services().ByName("CardRulesService").Methods()
	for i := 0; i < methods.Len(); i++ {
		if name := string(methods.Get(i).Name()); !checked[name] {
			missing = append(missing, name)
		}
	}
	return expect(missing, []string(nil), "RPCs without a check")
}

func main() {
	addr := flag.String("addr", envOr("CARDRULES_ADDR", "localhost:50051"), "host:port of a cardrules server")
	configPath := flag.String("service-config", envOr("CARDRULES_SERVICE_CONFIG", "../../../deploy/service-config.json"),
		"the gRPC service config (JSON) the channel uses")
	flag.Parse()
	os.Exit(run(*addr, *configPath))
}

func envOr(name, fallback string) string {
	if value, ok := os.LookupEnv(name); ok {
		return value
	}
	return fallback
}

func run(addr, configPath string) int {
	serviceConfig, err := os.ReadFile(configPath)
	if err != nil {
		fmt.Fprintf(os.Stderr, "go client: %v\n", err)
		return 2
	}
	conn, err := dial(addr, string(serviceConfig))
	if err != nil {
		fmt.Fprintf(os.Stderr, "go client: %s: %v\n", addr, err)
		return 2
	}
	defer conn.Close()
	client := pb.NewCardRulesServiceClient(conn)

	failed := 0
	for _, c := range checks {
		ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
		err := c.run(ctx, client)
		cancel()
		if err != nil {
			failed++
			fmt.Printf("FAIL %s: %v\n", c.name, err)
		} else {
			fmt.Printf("ok   %s\n", c.name)
		}
	}
	fmt.Printf("go client: %d passed, %d failed against %s\n", len(checks)-failed, failed, addr)
	if failed > 0 {
		return 1
	}
	return 0
}
