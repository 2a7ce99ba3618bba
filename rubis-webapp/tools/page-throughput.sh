#!/usr/bin/env bash
# Requests/s that single RUBiS pages sustain: a short, bounded ab run per page against a
# running site on 127.0.0.1. Usage: tools/page-throughput.sh [base-url] [seconds] [concurrency]
# The ids below exist in any database the data generator loaded at scale >= 0.01.
set -euo pipefail
BASE=${1:-http://127.0.0.1:8080/rubis}
SECONDS_PER_PAGE=${2:-10}
CONCURRENCY=${3:-8}
S="$BASE/servlet/edu.rice.rubis.servlets"
ITEM=10005        # an open auction (ids above the closed ones), with bids
pages=(
  "static index.html|$BASE/index.html"
  "BrowseCategories|$S.BrowseCategories"
  "BrowseRegions|$S.BrowseRegions"
  "ViewItem|$S.ViewItem?itemId=$ITEM"
  "ViewBidHistory|$S.ViewBidHistory?itemId=$ITEM"
  "ViewUserInfo|$S.ViewUserInfo?userId=4070"
  "SearchItemsByCategory|$S.SearchItemsByCategory?category=6&categoryName=Collectibles&page=0&nbOfItems=20"
  "SearchItemsByRegion|$S.SearchItemsByRegion?category=6&categoryName=Collectibles&region=12&page=0&nbOfItems=20"
  "PutBid|$S.PutBid?itemId=$ITEM&nickname=user5&password=password5"
  "AboutMe|$S.AboutMe?nickname=user7&password=password7"
)
printf '%-24s %10s %10s %8s\n' page 'req/s' 'mean ms' 'non-2xx'
for entry in "${pages[@]}"; do
  name=${entry%%|*}; url=${entry#*|}
  curl -s -o /dev/null "$url"   # warm-up
  out=$(ab -q -k -c "$CONCURRENCY" -t "$SECONDS_PER_PAGE" -n 10000000 "$url" 2>&1)
  rps=$(awk '/Requests per second/ {print $4}' <<<"$out")
  mean=$(awk '/Time per request/ && /mean\)$/ {print $4; exit}' <<<"$out")
  bad=$(awk '/Non-2xx responses/ {print $3}' <<<"$out")
  printf '%-24s %10s %10s %8s\n' "$name" "$rps" "$mean" "${bad:-0}"
done
