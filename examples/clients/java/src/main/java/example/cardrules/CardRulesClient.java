package example.cardrules;

import cardrules.v1.Batch.BatchFieldViolation;
import cardrules.v1.Batch.BatchItem;
import cardrules.v1.Batch.BatchRequest;
import cardrules.v1.Batch.BatchResponse;
import cardrules.v1.Batch.BatchResult;
import cardrules.v1.CardRulesServiceGrpc;
import cardrules.v1.CardRulesServiceGrpc.CardRulesServiceBlockingStub;
import cardrules.v1.CardRulesServiceGrpc.CardRulesServiceStub;
import cardrules.v1.Deal.DealRequest;
import cardrules.v1.Deal.DealResponse;
import cardrules.v1.Deal.DealtHand;
import cardrules.v1.Deal.Game;
import cardrules.v1.Doudizhu.BombKind;
import cardrules.v1.Doudizhu.ComboType;
import cardrules.v1.Doudizhu.CompareCombosRequest;
import cardrules.v1.Doudizhu.CompareCombosResponse;
import cardrules.v1.Doudizhu.ComparisonOutcome;
import cardrules.v1.Doudizhu.DoudizhuPreset;
import cardrules.v1.Doudizhu.DoudizhuRules;
import cardrules.v1.Doudizhu.FitWildcardsRequest;
import cardrules.v1.Doudizhu.FitWildcardsResponse;
import cardrules.v1.Doudizhu.IllegalPlayReason;
import cardrules.v1.Doudizhu.ListPlaysRequest;
import cardrules.v1.Doudizhu.ListPlaysResponse;
import cardrules.v1.Doudizhu.ListedPlay;
import cardrules.v1.Doudizhu.ValidatePlayRequest;
import cardrules.v1.Doudizhu.ValidatePlayResponse;
import cardrules.v1.Doudizhu.WildcardFit;
import cardrules.v1.DoudizhuGame.AdjudicateGameRequest;
import cardrules.v1.DoudizhuGame.AdjudicateGameResponse;
import cardrules.v1.DoudizhuGame.DoudizhuBid;
import cardrules.v1.DoudizhuGame.DoudizhuBidAction;
import cardrules.v1.DoudizhuGame.DoudizhuGamePhase;
import cardrules.v1.DoudizhuGame.DoudizhuGamePlay;
import cardrules.v1.DoudizhuGame.DoudizhuGameRecord;
import cardrules.v1.DoudizhuGame.DoudizhuGameVerdict;
import cardrules.v1.DoudizhuGame.DoudizhuSeededDeal;
import cardrules.v1.DoudizhuGame.NextActionsRequest;
import cardrules.v1.DoudizhuGame.NextActionsResponse;
import cardrules.v1.Mahjong.MahjongAnalyzeRequest;
import cardrules.v1.Mahjong.MahjongAnalyzeResponse;
import cardrules.v1.Mahjong.MahjongWaitsRequest;
import cardrules.v1.Mahjong.MahjongWaitsResponse;
import cardrules.v1.Mahjong.Meld;
import cardrules.v1.Mahjong.MeldKind;
import cardrules.v1.MahjongScore.MahjongScoreRequest;
import cardrules.v1.MahjongScore.MahjongScoreResponse;
import cardrules.v1.MahjongScore.MahjongWinContext;
import cardrules.v1.MahjongScore.RiichiWinContext;
import cardrules.v1.MahjongScore.WinMethod;
import com.google.gson.Gson;
import com.google.protobuf.Any;
import com.google.rpc.BadRequest;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

/**
 * A cardrules client in Java: calls every RPC of CardRulesService (one of them, Batch, as a
 * bidirectional stream) and reads the google.rpc.BadRequest detail of an INVALID_ARGUMENT answer,
 * over a channel configured by the published service config (deploy/service-config.json: retries
 * of UNAVAILABLE and RESOURCE_EXHAUSTED, a default deadline per RPC family).
 *
 * <pre>
 *   mvn -q compile exec:java -Dexec.args="localhost:50051"
 * </pre>
 *
 * <p>Each check is one small method in the checks list, named after the RPC it calls; a new RPC is
 * one more (the coverage check fails until it has one). Exits 1 when any answer is not the
 * expected one.
 */
public final class CardRulesClient {
  /**
   * Every call carries a deadline: a stuck server fails the check instead of hanging the client.
   * The service config's per-family timeout also applies; the earlier of the two wins.
   */
  private static final long TIMEOUT_SECONDS = 10;

  private final CardRulesServiceBlockingStub blocking;
  private final CardRulesServiceStub async;

  private CardRulesClient(ManagedChannel channel) {
    this.blocking = CardRulesServiceGrpc.newBlockingStub(channel);
    this.async = CardRulesServiceGrpc.newStub(channel);
  }

  /** The blocking stub with a fresh deadline: a deadline is fixed when it is set, so one per call. */
  private CardRulesServiceBlockingStub rules() {
    return blocking.withDeadlineAfter(TIMEOUT_SECONDS, TimeUnit.SECONDS);
  }

  /** A wrong answer. */
  private static final class Mismatch extends Exception {
    private static final long serialVersionUID = 1L;

    Mismatch(String message) {
      super(message);
    }
  }

  private interface Body {
    void run() throws Exception;
  }

  private record Check(String name, Body body) {}

  private static void expect(Object got, Object want, String what) throws Mismatch {
    if (!Objects.equals(got, want)) {
      throw new Mismatch(what + ": got " + got + ", want " + want);
    }
  }

  private static final DealRequest DEAL_42 =
      DealRequest.newBuilder().setGame(Game.GAME_DOUDIZHU).setSeed(42).setLandlordSeat(0).build();

  private static DoudizhuGameRecord seededRecord(
      long seed, List<DoudizhuBid> bids, List<DoudizhuGamePlay> plays) {
    return DoudizhuGameRecord.newBuilder()
        .setSeededDeal(DoudizhuSeededDeal.newBuilder().setSeed(seed))
        .addAllBids(bids)
        .addAllPlays(plays)
        .build();
  }

  private static DoudizhuBid bid(int seat, DoudizhuBidAction action) {
    return DoudizhuBid.newBuilder().setSeat(seat).setAction(action).build();
  }

  private List<Check> checks() {
    List<Check> checks = new ArrayList<>();
    checks.add(new Check("Deal: a seeded deal is reproducible and deals 20 + 17 + 17 with a kitty of 3", this::deal));
    checks.add(new Check("ValidatePlay: an airplane beats a lower one; a low four-with-pairs is TOO_LOW; a bad card is a BadRequest", this::validatePlay));
    checks.add(new Check("CompareCombos: a bomb beats a straight", this::compareCombos));
    checks.add(new Check("ListPlays: the two plays that beat a 3-7 straight", this::listPlays));
    checks.add(new Check("FitWildcards: with 10 wild, J J J + a 10 is first a soft bomb of jacks, over 999+4", this::fitWildcards));
    checks.add(new Check("MahjongWaits: 123m456p789s1122z waits on 1z and 2z, 3 live with one 1z visible", this::mahjongWaits));
    checks.add(new Check("MahjongAnalyze: with three melds, discarding 5z leaves a hand ready on 1m 4m", this::mahjongAnalyze));
    checks.add(new Check("MahjongScore: the dealer's self-drawn haku hand with a double-East pair is 40 fu 2 han", this::mahjongScore));
    checks.add(new Check("NextActions: seed 42, seat 0 bids first; after its bid of 3 it leads with 20 cards", this::nextActions));
    checks.add(new Check("AdjudicateGame: a card the seat never held is illegal at plays[0]; all pass is a redeal", this::adjudicateGame));
    checks.add(new Check("Batch: two messages on one stream, each item answered in order as its unary call", this::batch));
    checks.add(new Check("Coverage: every RPC of CardRulesService has a check named after it", () -> coverage(checks)));
    return checks;
  }

  private void deal() throws Mismatch {
    DealResponse first = rules().deal(DEAL_42);
    expect(rules().deal(DEAL_42), first, "the same seed, the same deal");
    List<Integer> sizes = first.getHandsList().stream().map(DealtHand::getCardsCount).toList();
    expect(sizes, List.of(20, 17, 17), "hand sizes");
    expect(first.getHands(0).getIsLandlord(), true, "seat 0 is the landlord");
    expect(first.getKittyList(), List.of("5D", "7C", "KS"), "kitty of seed 42");
    expect(first.getHands(0).getCardsList().subList(0, 3), List.of("4D", "5S", "5D"), "lowest cards");
  }

  private void validatePlay() throws Mismatch {
    ValidatePlayResponse legal =
        rules()
            .validatePlay(
                ValidatePlayRequest.newBuilder()
                    .addAllHand(List.of("10S", "10H", "10C", "JS", "JH", "JD", "4C", "9D", "2S", "BJ", "RJ"))
                    .addAllPlay(List.of("10S", "10H", "10C", "JS", "JH", "JD", "4C", "9D"))
                    .addAllPrevious(List.of("5", "5", "5", "6", "6", "6", "8", "8"))
                    .build());
    expect(legal.getLegal(), true, "legal");
    expect(legal.getReading().getType(), ComboType.COMBO_TYPE_AIRPLANE_WITH_SINGLES, "reading");
    ValidatePlayResponse tooLow =
        rules()
            .validatePlay(
                ValidatePlayRequest.newBuilder()
                    .setRules(DoudizhuRules.newBuilder().setPreset(DoudizhuPreset.DOUDIZHU_PRESET_PERMISSIVE))
                    .addAllPlay(List.of("3", "3", "3", "3", "4", "4", "4", "4"))
                    .addAllPrevious(List.of("5", "5", "5", "5", "9", "9", "J", "J"))
                    .build());
    expect(tooLow.getLegal(), false, "legal");
    expect(tooLow.getReason(), IllegalPlayReason.ILLEGAL_PLAY_REASON_TOO_LOW, "reason");
    expect(tooLow.getReadingsCount(), 2, "readings of 33334444 under PERMISSIVE");

    // A malformed request is an error status whose details (the grpc-status-details-bin trailer)
    // carry a google.rpc.BadRequest naming the field.
    try {
      rules().validatePlay(ValidatePlayRequest.newBuilder().addAllHand(List.of("3S", "1X")).addPlay("3S").build());
      throw new Mismatch("the bad card was accepted");
    } catch (StatusRuntimeException error) {
      expect(error.getStatus().getCode(), Status.Code.INVALID_ARGUMENT, "the bad card's status code");
      com.google.rpc.Status status = StatusProto.fromThrowable(error);
      if (status == null) {
        throw new Mismatch("no grpc-status-details-bin trailer");
      }
      List<String> fields = new ArrayList<>();
      for (Any detail : status.getDetailsList()) {
        if (detail.is(BadRequest.class)) {
          try {
            detail.unpack(BadRequest.class).getFieldViolationsList().forEach(v -> fields.add(v.getField()));
          } catch (com.google.protobuf.InvalidProtocolBufferException e) {
            throw new Mismatch("an undecodable BadRequest: " + e.getMessage());
          }
        }
      }
      expect(fields, List.of("hand[1]"), "fields named by BadRequest");
    }
  }

  private void compareCombos() throws Mismatch {
    CompareCombosResponse answer =
        rules()
            .compareCombos(
                CompareCombosRequest.newBuilder()
                    .addAllA(List.of("7", "7", "7", "7"))
                    .addAllB(List.of("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"))
                    .build());
    expect(answer.getOutcome(), ComparisonOutcome.COMPARISON_OUTCOME_A_BEATS_B, "outcome");
    expect(answer.getAReading().getType(), ComboType.COMBO_TYPE_BOMB, "A's reading");
  }

  private void listPlays() throws Mismatch {
    ListPlaysResponse answer =
        rules()
            .listPlays(
                ListPlaysRequest.newBuilder()
                    .addAllHand(List.of("3S", "5H", "6C", "7D", "8S", "8H", "8C", "8D", "9S", "2S", "BJ"))
                    .addAllPrevious(List.of("3", "4", "5", "6", "7"))
                    .build());
    List<List<String>> plays = answer.getPlaysList().stream().map(ListedPlay::getCardsList).collect(Collectors.toList());
    expect(plays, List.of(List.of("5H", "6C", "7D", "8S", "9S"), List.of("8S", "8H", "8C", "8D")), "plays");
    expect(answer.getTruncated(), false, "truncated");
  }

  private void fitWildcards() throws Mismatch {
    FitWildcardsResponse answer =
        rules()
            .fitWildcards(
                FitWildcardsRequest.newBuilder()
                    .setRules(DoudizhuRules.newBuilder().addWildRanks("10"))
                    .addAllPlay(List.of("JS", "JH", "JD", "10S"))
                    .addAllPrevious(List.of("9", "9", "9", "4"))
                    .setLimit(2)
                    .build());
    if (answer.getFitsCount() == 0) {
      throw new Mismatch("no fits");
    }
    WildcardFit first = answer.getFits(0);
    expect(first.getReading().getType(), ComboType.COMBO_TYPE_BOMB, "first fit");
    expect(first.getReading().getBombKind(), BombKind.BOMB_KIND_SOFT, "bomb kind");
    List<String> assigned = first.getAssignmentsList().stream().map(a -> a.getCard() + " as " + a.getRank()).toList();
    expect(assigned, List.of("10S as J"), "the wildcard's rank");
    expect(first.getBeatsPrevious(), true, "beats 999+4");
    expect(List.of(answer.getFitsCount(), answer.getTruncated()), List.of(2, true), "limit");
  }

  private void mahjongWaits() throws Mismatch {
    MahjongWaitsResponse answer =
        rules().mahjongWaits(MahjongWaitsRequest.newBuilder().setHand("123m456p789s1122z").setVisible("1z").build());
    expect(answer.getReady(), true, "ready");
    List<String> waits = answer.getWaitsList().stream().map(w -> w.getTile() + " x" + w.getLive()).toList();
    expect(waits, List.of("1z x1", "2z x2"), "waits");
    expect(answer.getLiveTotal(), 3, "live total");
  }

  private void mahjongAnalyze() throws Mismatch {
    MahjongAnalyzeResponse answer =
        rules()
            .mahjongAnalyze(
                MahjongAnalyzeRequest.newBuilder()
                    .setHand("23m11z5z")
                    .setVisible("1m4m")
                    .addMelds(Meld.newBuilder().setKind(MeldKind.MELD_KIND_PON).setTiles("777z"))
                    .addMelds(Meld.newBuilder().setKind(MeldKind.MELD_KIND_CHI).setTiles("345p"))
                    .addMelds(Meld.newBuilder().setKind(MeldKind.MELD_KIND_KAN).setTiles("9999s").setConcealed(true))
                    .build());
    expect(answer.getComplete(), false, "complete");
    if (answer.getDiscardsCount() == 0) {
      throw new Mismatch("no discards");
    }
    var best = answer.getDiscards(0);
    expect(best.getDiscard(), "5z", "best discard");
    expect(best.getShanten(), 0, "the shanten it leaves");
    List<String> improving = best.getImprovingList().stream().map(t -> t.getTile() + " x" + t.getLive()).toList();
    expect(improving, List.of("1m x3", "4m x3"), "improving tiles");
  }

  private void mahjongScore() throws Mismatch {
    MahjongScoreResponse answer =
        rules()
            .mahjongScore(
                MahjongScoreRequest.newBuilder()
                    .setHand("123m456p789s11555z")
                    .setWinningTile("9s")
                    .setContext(
                        MahjongWinContext.newBuilder()
                            .setMethod(WinMethod.WIN_METHOD_SELF_DRAWN)
                            .setRiichi(RiichiWinContext.newBuilder().setHonba(1)))
                    .build());
    expect(answer.getValid(), true, "valid");
    List<String> yaku = answer.getElementsList().stream().map(e -> e.getId()).toList();
    expect(yaku, List.of("riichi.menzen_tsumo", "riichi.yakuhai_haku"), "yaku");
    expect(List.of(answer.getTotals().getFu(), answer.getTotals().getHan()), List.of(40, 2), "fu and han");
    List<Long> payments = answer.getPaymentsList().stream().map(p -> p.getPoints()).toList();
    expect(payments, List.of(4200L, -1400L, -1400L, -1400L), "payments");
  }

  private void nextActions() throws Mismatch {
    NextActionsResponse bidding =
        rules().nextActions(NextActionsRequest.newBuilder().setRecord(seededRecord(42, List.of(), List.of())).build());
    expect(bidding.getPhase(), DoudizhuGamePhase.DOUDIZHU_GAME_PHASE_BIDDING, "phase");
    expect(bidding.getSeat(), 0, "seat to act");
    List<DoudizhuBidAction> offered = bidding.getBidsList();
    if (offered.isEmpty()) {
      throw new Mismatch("no bids offered");
    }
    expect(offered.get(offered.size() - 1), DoudizhuBidAction.DOUDIZHU_BID_ACTION_BID_THREE, "highest bid offered");
    DoudizhuGameRecord afterBid =
        seededRecord(42, List.of(bid(0, DoudizhuBidAction.DOUDIZHU_BID_ACTION_BID_THREE)), List.of());
    NextActionsResponse lead =
        rules().nextActions(NextActionsRequest.newBuilder().setRecord(afterBid).setLimit(5).build());
    expect(List.of(lead.getSeat(), lead.getMayPass(), lead.getTruncated()), List.of(0, false, true), "the lead");
    expect(lead.getPlaysCount(), 5, "plays up to the limit");
    expect(lead.getState().getSeats(0).getCardCount(), 20, "the landlord took the kitty");
  }

  private void adjudicateGame() throws Mismatch {
    DoudizhuGameRecord record =
        seededRecord(
            42,
            List.of(bid(0, DoudizhuBidAction.DOUDIZHU_BID_ACTION_BID_THREE)),
            List.of(DoudizhuGamePlay.newBuilder().setSeat(0).addCards("3S").build()));
    AdjudicateGameResponse illegal = rules().adjudicateGame(AdjudicateGameRequest.newBuilder().setRecord(record).build());
    expect(illegal.getVerdict(), DoudizhuGameVerdict.DOUDIZHU_GAME_VERDICT_ILLEGAL, "verdict");
    expect(illegal.getViolation().getField(), "record.plays[0]", "the illegal action");
    expect(illegal.getViolation().getPlayReason(), IllegalPlayReason.ILLEGAL_PLAY_REASON_NOT_IN_HAND, "reason");
    List<DoudizhuBid> passes = new ArrayList<>();
    for (int seat = 0; seat < 3; seat++) {
      passes.add(bid(seat, DoudizhuBidAction.DOUDIZHU_BID_ACTION_PASS));
    }
    AdjudicateGameResponse redeal =
        rules().adjudicateGame(AdjudicateGameRequest.newBuilder().setRecord(seededRecord(42, passes, List.of())).build());
    expect(redeal.getVerdict(), DoudizhuGameVerdict.DOUDIZHU_GAME_VERDICT_REDEAL, "verdict");
  }

  private void batch() throws Mismatch, InterruptedException, ExecutionException, TimeoutException {
    ValidatePlayRequest bad = ValidatePlayRequest.newBuilder().addAllHand(List.of("3S", "1X")).addPlay("3S").build();
    List<BatchRequest> messages =
        List.of(
            BatchRequest.newBuilder()
                .addItems(BatchItem.newBuilder().setId(1).setDeal(DEAL_42))
                .addItems(BatchItem.newBuilder().setId(2).setValidatePlay(bad))
                .build(),
            BatchRequest.newBuilder()
                .addItems(
                    BatchItem.newBuilder()
                        .setId(3)
                        .setMahjongWaits(MahjongWaitsRequest.newBuilder().setHand("1112345678999m")))
                .build());
    // The deadline bounds the whole stream (the service config sets none for Batch: a room
    // server's stream may stay open as long as the room).
    CompletableFuture<List<BatchResponse>> done = new CompletableFuture<>();
    List<BatchResponse> answers = new ArrayList<>();
    StreamObserver<BatchRequest> requests =
        async
            .withDeadlineAfter(TIMEOUT_SECONDS, TimeUnit.SECONDS)
            .batch(
                new StreamObserver<>() {
                  @Override
                  public void onNext(BatchResponse answer) {
                    answers.add(answer);
                  }

                  @Override
                  public void onError(Throwable error) {
                    done.completeExceptionally(error);
                  }

                  @Override
                  public void onCompleted() {
                    done.complete(answers);
                  }
                });
    messages.forEach(requests::onNext);
    requests.onCompleted();
    // The call's own deadline ends the stream first; this bound only guards the wait itself.
    List<BatchResponse> got = done.get(2 * TIMEOUT_SECONDS, TimeUnit.SECONDS);

    List<List<Long>> ids =
        got.stream().map(a -> a.getResultsList().stream().map(BatchResult::getId).toList()).collect(Collectors.toList());
    expect(ids, List.of(List.of(1L, 2L), List.of(3L)), "ids, in order");
    BatchResult dealt = got.get(0).getResults(0);
    BatchResult rejected = got.get(0).getResults(1);
    expect(dealt.getStatus().getCode(), Status.Code.OK.value(), "the deal's status");
    expect(dealt.getDeal(), rules().deal(DEAL_42), "the same deal as the unary call");
    expect(rejected.getStatus().getCode(), Status.Code.INVALID_ARGUMENT.value(), "the bad item's code");
    List<String> fields =
        rejected.getStatus().getFieldViolationsList().stream().map(BatchFieldViolation::getField).toList();
    expect(fields, List.of("hand[1]"), "its violations");
    expect(got.get(1).getResults(0).getMahjongWaits().getWaitsCount(), 9, "nine gates waits on nine tiles");
  }

  private static void coverage(List<Check> checks) throws Mismatch {
    Set<String> checked = checks.stream().map(c -> c.name().split(":", 2)[0]).collect(Collectors.toSet());
    Set<String> missing = new TreeSet<>();
    for (MethodDescriptor<?, ?> method : CardRulesServiceGrpc.getServiceDescriptor().getMethods()) {
      String name = method.getBareMethodName();
      if (!checked.contains(name)) {
        missing.add(name);
      }
    }
    expect(missing, Set.of(), "RPCs without a check");
  }

  private static String describe(Status status) {
    return status.getCode() + ": " + status.getDescription();
  }

  /** Reads a gRPC service config (JSON) into the map {@link ManagedChannelBuilder} takes. */
  @SuppressWarnings("unchecked")
  static Map<String, ?> readServiceConfig(Path path) throws IOException {
    // Gson reads JSON numbers as Double and arrays as lists, the types grpc-java expects.
    try (Reader reader = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
      return new Gson().fromJson(reader, Map.class);
    }
  }

  public static void main(String[] args) throws Exception {
    String address = args.length > 0 ? args[0] : System.getenv().getOrDefault("CARDRULES_ADDR", "localhost:50051");
    Path config =
        Path.of(
            args.length > 1
                ? args[1]
                : System.getenv().getOrDefault("CARDRULES_SERVICE_CONFIG", "../../../deploy/service-config.json"));
    // grpc-java parses the service config when the channel is built: a config it cannot parse
    // fails here. Retries are on by default in current grpc-java; enableRetry() also turns them on
    // in older releases. Use TLS (useTransportSecurity) outside a trusted network.
    ManagedChannel channel =
        ManagedChannelBuilder.forTarget(address)
            .usePlaintext()
            .defaultServiceConfig(readServiceConfig(config))
            .enableRetry()
            .build();
    int failed = 0;
    List<Check> checks = new CardRulesClient(channel).checks();
    try {
      for (Check check : checks) {
        try {
          check.body().run();
          System.out.println("ok   " + check.name());
        } catch (Mismatch why) {
          failed++;
          System.out.println("FAIL " + check.name() + ": " + why.getMessage());
        } catch (StatusRuntimeException error) {
          failed++;
          System.out.println("FAIL " + check.name() + ": " + describe(error.getStatus()));
        } catch (ExecutionException error) {
          failed++;
          System.out.println("FAIL " + check.name() + ": " + describe(Status.fromThrowable(error.getCause())));
        }
      }
    } finally {
      channel.shutdownNow().awaitTermination(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }
    System.out.printf("java client: %d passed, %d failed against %s%n", checks.size() - failed, failed, address);
    System.exit(failed > 0 ? 1 : 0);
  }
}
