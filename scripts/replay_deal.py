#!/usr/bin/env python3
"""Recomputes a cardrules Deal from its seed, independently of the server.

This follows the algorithm documented on DealRequest in proto/cardrules/v1/deal.proto, with a
from-scratch ChaCha20 (RFC 8439 block function, zero nonce), so an auditor can check any deal the
service returned. Usage:

    replay_deal.py doudizhu|doudizhu_four_player|mahjong SEED [--landlord-seat N] [--flowers]
                   [--wildcards 0|1|2]

Prints the deal as JSON shaped like grpcurl's output of DealResponse (hands, kitty, wall,
wildcardRanks).
"""
import argparse
import json
import struct

MASK = 0xFFFFFFFF


def _rotl(x, n):
    return ((x << n) | (x >> (32 - n))) & MASK


def _quarter(s, a, b, c, d):
    s[a] = (s[a] + s[b]) & MASK; s[d] = _rotl(s[d] ^ s[a], 16)
    s[c] = (s[c] + s[d]) & MASK; s[b] = _rotl(s[b] ^ s[c], 12)
    s[a] = (s[a] + s[b]) & MASK; s[d] = _rotl(s[d] ^ s[a], 8)
    s[c] = (s[c] + s[d]) & MASK; s[b] = _rotl(s[b] ^ s[c], 7)


def chacha20_words(key: bytes):
    """Yields the keystream of ChaCha20 (20 rounds, zero nonce, counter from 0) as LE u32 words."""
    constants = [0x61707865, 0x3320646E, 0x79622D32, 0x6B206574]
    key_words = list(struct.unpack("<8I", key))
    counter = 0
    while True:
        state = constants + key_words + [counter & MASK, counter >> 32, 0, 0]
        work = state[:]
        for _ in range(10):
            _quarter(work, 0, 4, 8, 12); _quarter(work, 1, 5, 9, 13)
            _quarter(work, 2, 6, 10, 14); _quarter(work, 3, 7, 11, 15)
            _quarter(work, 0, 5, 10, 15); _quarter(work, 1, 6, 11, 12)
            _quarter(work, 2, 7, 8, 13); _quarter(work, 3, 4, 9, 14)
        for w, s in zip(work, state):
            yield (w + s) & MASK
        counter += 1


class Stream:
    def __init__(self, seed: int):
        self.words = chacha20_words(struct.pack("<Q", seed) + bytes(24))

    def uniform(self, n: int) -> int:
        zone = 2**32 - (2**32 % n)
        while True:
            x = next(self.words)
            if x < zone:
                return x % n


RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
SUITS = ["S", "H", "C", "D"]


def card_deck():
    return [(r, s) for r in range(13) for s in range(4)] + [(13, None), (14, None)]


def card_name(card):
    rank, suit = card
    if rank == 13:
        return "BJ"
    if rank == 14:
        return "RJ"
    return RANKS[rank] + SUITS[suit]


def tile_name(index):
    if index >= 34:
        return f"{index - 33}f"
    return f"{index % 9 + 1}{'mpsz'[index // 9]}"


def compact(tiles):
    out, suits = "", {}
    for t in sorted(tiles):
        letter = "f" if t >= 34 else "mpsz"[t // 9]
        suits.setdefault(letter, []).append(tile_name(t)[:-1])
    for letter in "mpszf":
        if letter in suits:
            out += "".join(suits[letter]) + letter
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("game", choices=["doudizhu", "doudizhu_four_player", "mahjong"])
    parser.add_argument("seed", type=int)
    parser.add_argument("--landlord-seat", type=int)
    parser.add_argument("--flowers", action="store_true")
    parser.add_argument("--wildcards", type=int, choices=[0, 1, 2], default=0)
    args = parser.parse_args()

    stream = Stream(args.seed)
    if args.game == "mahjong":
        deck = [t for t in range(34) for _ in range(4)] + (list(range(34, 42)) if args.flowers else [])
        players, hand = 4, 13
    else:
        deck = card_deck() * (2 if args.game == "doudizhu_four_player" else 1)
        players, hand = (3, 17) if args.game == "doudizhu" else (4, 25)
    for i in range(len(deck) - 1, 0, -1):
        j = stream.uniform(i + 1)
        deck[i], deck[j] = deck[j], deck[i]

    hands = [deck[s * hand:(s + 1) * hand] for s in range(players)]
    rest = deck[players * hand:]
    if args.game == "mahjong":
        result = {"hands": [{"tiles": compact(h)} for h in hands],
                  "wall": [tile_name(t) for t in rest]}
    else:
        key = lambda c: (c[0], -1 if c[1] is None else c[1])
        if args.landlord_seat is not None:
            hands[args.landlord_seat] = hands[args.landlord_seat] + rest
        result = {"hands": [{"cards": [card_name(c) for c in sorted(h, key=key)]} for h in hands],
                  "kitty": [card_name(c) for c in sorted(rest, key=key)]}
        candidates = list(RANKS)
        wildcards = [candidates.pop(stream.uniform(len(candidates))) for _ in range(args.wildcards)]
        if wildcards:
            result["wildcardRanks"] = wildcards
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
