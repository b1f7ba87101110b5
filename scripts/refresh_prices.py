#!/usr/bin/python3
"""Refreshes the machine-readable cloud rates in data/prices.json.

Only rows that carry a `refresh` object (data/README.md) are ever rewritten, and only
their `usd_per_gpu_hour`, `date_seen` and `source`; every other row, every note and the
file's layout and key order stay as they are. Sources, all public and without an account:

  azure  Azure Retail Prices API (prices.azure.com/api/retail/prices), per VM SKU and region
  aws    AWS price list offer file for EC2 (pricing.us-east-1.amazonaws.com), on-demand Linux
  vast   Vast.ai's public offer search (console.vast.ai/api/v0/bundles), median per GPU model
  gpu-price-feed   toolshedlabs-hash/gpu-price-feed on GitHub: its daily line of the cheapest
         on-demand price per GPU model and provider (data/history/v2/YYYY-MM.jsonl)
  gpu-price-index  ewyluda/gpu-price-index on GitHub: its daily CSV of providers' list
         prices (data/observations/YYYY/YYYY-MM-DD.csv)

The two GitHub sources are collections other people run; a refreshed row takes the date
their snapshot was collected, not the day of the run.

A source that fails, returns no usable price for a row, or returns a price 10x off the
row's current one changes nothing at all, and the summary names it. The summary is
Markdown on stdout (the weekly workflow puts it in the pull request).

  scripts/refresh_prices.py                       # fetch, rewrite data/prices.json
  scripts/refresh_prices.py --dry-run             # fetch, print the summary only
  scripts/refresh_prices.py --fixtures tests/fixtures/prices --today 2026-12-02

Standard library only; the tests (tests/test_refresh_prices.py) never touch the network.
"""
import argparse
import csv
import datetime
import io
import json
import pathlib
import statistics
import sys
import urllib.parse
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[1]
PRICES = ROOT / "data" / "prices.json"

# A new figure this many times above or below the old one is taken as a parser or API
# fault, not a price move: the whole source is then left out.
NONSENSE_FACTOR = 10.0
TIMEOUT_S = 120

AZURE_API = "https://prices.azure.com/api/retail/prices"
AWS_OFFER = "https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/AmazonEC2/current/{region}/index.json"
VAST_BUNDLES = "https://console.vast.ai/api/v0/bundles/"
VAST_PAGE = "https://vast.ai/pricing"
FEED_RAW = "https://raw.githubusercontent.com/toolshedlabs-hash/gpu-price-feed/main/data/history/v2/{month}.jsonl"
FEED_PAGE = "https://github.com/toolshedlabs-hash/gpu-price-feed/blob/main/data/history/v2/{month}.jsonl"
INDEX_RAW = "https://raw.githubusercontent.com/ewyluda/gpu-price-index/main/data/observations/{year}/{day}.csv"
INDEX_PAGE = "https://github.com/ewyluda/gpu-price-index/blob/main/data/observations/{year}/{day}.csv"
# How far back the daily GitHub collections are looked for (a day or a month without a file).
INDEX_DAYS_BACK = 14


class SourceError(Exception):
    """A source that cannot be used this run (network, shape, empty, nonsense)."""


def fetch_url(url):
    request = urllib.request.Request(url, headers={"User-Agent": "gpuwise-refresh-prices"})
    with urllib.request.urlopen(request, timeout=TIMEOUT_S) as response:
        return response.read()


def load_json(raw, what):
    try:
        return json.loads(raw)
    except (ValueError, UnicodeDecodeError) as error:
        raise SourceError(f"{what} is not JSON ({error})") from None


# [SECTION] Azure Retail Prices API
def azure_query_url(skus, region):
    sku_filter = " or ".join(f"armSkuName eq '{sku}'" for sku in sorted(skus))
    query = f"serviceName eq 'Virtual Machines' and armRegionName eq '{region}' and ({sku_filter})"
    # "$filter" stays literal, as in Microsoft's examples; the expression is percent-encoded.
    return AZURE_API + "?$filter=" + urllib.parse.quote(query)


def azure_items(fetch, skus, region, max_pages=20):
    """Every item of the answer, following NextPageLink."""
    url, items = azure_query_url(skus, region), []
    for _ in range(max_pages):
        page = load_json(fetch(url), "Azure answer")
        if not isinstance(page, dict) or not isinstance(page.get("Items"), list):
            raise SourceError("Azure answer has no Items list")
        items.extend(page["Items"])
        url = page.get("NextPageLink")
        if not url:
            return items
    raise SourceError(f"Azure answer still paging after {max_pages} pages")


def azure_hourly_usd(items, sku, region, pricing):
    """The Linux pay-as-you-go (or Spot) hourly price of one VM, or None."""
    for item in items:
        if item.get("armSkuName") != sku or item.get("armRegionName") != region:
            continue
        if item.get("type") != "Consumption" or item.get("currencyCode", "USD") != "USD":
            continue
        if item.get("unitOfMeasure") != "1 Hour" or "Windows" in item.get("productName", ""):
            continue
        meter = item.get("skuName", "") + " " + item.get("meterName", "")
        if "Low Priority" in meter:
            continue
        if ("Spot" in meter) != (pricing == "spot"):
            continue
        price = item.get("retailPrice")
        if isinstance(price, (int, float)) and price > 0:
            return float(price)
    return None


def refresh_azure(rows, fetch):
    by_region = {}
    for row in rows:
        by_region.setdefault(row["refresh"]["region"], set()).add(row["refresh"]["sku"])
    items = {region: azure_items(fetch, skus, region) for region, skus in by_region.items()}
    found = {}
    for index, row in enumerate(rows):
        ref = row["refresh"]
        price = azure_hourly_usd(items[ref["region"]], ref["sku"], ref["region"], row["pricing"])
        if price is not None:
            found[index] = (price / ref.get("gpus", 1), azure_query_url([ref["sku"]], ref["region"]))
    return found


# [SECTION] AWS price list (EC2 offer file per region)
def aws_on_demand_usd(offer, instance_type):
    """The on-demand Linux, shared-tenancy hourly price of one instance type, or None."""
    products, terms = offer.get("products"), offer.get("terms", {}).get("OnDemand")
    if not isinstance(products, dict) or not isinstance(terms, dict):
        raise SourceError("AWS offer file has no products or OnDemand terms")
    for sku, product in products.items():
        attributes = product.get("attributes", {})
        if attributes.get("instanceType") != instance_type:
            continue
        wanted = {"operatingSystem": "Linux", "tenancy": "Shared", "preInstalledSw": "NA",
                  "capacitystatus": "Used", "licenseModel": "No License required"}
        if any(attributes.get(key, value) != value for key, value in wanted.items()):
            continue
        for term in terms.get(sku, {}).values():
            for dimension in term.get("priceDimensions", {}).values():
                if dimension.get("unit") != "Hrs":
                    continue
                try:
                    price = float(dimension.get("pricePerUnit", {}).get("USD", ""))
                except ValueError:
                    continue
                if price > 0:
                    return price
    return None


def refresh_aws(rows, fetch):
    offers, found = {}, {}
    for index, row in enumerate(rows):
        ref = row["refresh"]
        if row["pricing"] != "on-demand":
            continue  # spot prices are not in the price list files
        url = AWS_OFFER.format(region=ref["region"])
        if url not in offers:
            offers[url] = load_json(fetch(url), "AWS offer file")
        price = aws_on_demand_usd(offers[url], ref["sku"])
        if price is not None:
            found[index] = (price / ref.get("gpus", 1), url)
    return found


# [SECTION] Vast.ai offer search
def vast_query_url(pricing):
    query = {"type": "bid" if pricing == "spot" else "on-demand", "verified": {"eq": True},
             "rentable": {"eq": True}, "external": {"eq": False}, "limit": 1000}
    return VAST_BUNDLES + "?" + urllib.parse.urlencode({"q": json.dumps(query, separators=(",", ":"))})


def vast_median_per_gpu(offers, gpu_name, pricing, vram_gb=None):
    """The median per-GPU hourly price of a model's offers (dph_total, or min_bid for spot).
    vram_gb tells apart models Vast names alike (A100 SXM4 40 and 80 GB); gpu_ram is MB."""
    field = "min_bid" if pricing == "spot" else "dph_total"
    per_gpu = []
    for offer in offers:
        if offer.get("gpu_name") != gpu_name:
            continue
        if vram_gb is not None:
            ram_mb = offer.get("gpu_ram")
            if not isinstance(ram_mb, (int, float)) or abs(ram_mb / 1024 - vram_gb) > 0.1 * vram_gb:
                continue
        price, gpus = offer.get(field), offer.get("num_gpus")
        if isinstance(price, (int, float)) and isinstance(gpus, int) and price > 0 and gpus > 0:
            per_gpu.append(price / gpus)
    return statistics.median(per_gpu) if per_gpu else None


def refresh_vast(rows, fetch):
    offers, found = {}, {}
    for index, row in enumerate(rows):
        url = vast_query_url(row["pricing"])
        if url not in offers:
            answer = load_json(fetch(url), "Vast.ai answer")
            if not isinstance(answer, dict) or not isinstance(answer.get("offers"), list):
                raise SourceError("Vast.ai answer has no offers list")
            offers[url] = answer["offers"]
        ref = row["refresh"]
        price = vast_median_per_gpu(offers[url], ref["gpu_name"], row["pricing"], ref.get("vram_gb"))
        if price is not None:
            found[index] = (price, VAST_PAGE)
    return found


# [SECTION] gpu-price-feed (toolshedlabs-hash/gpu-price-feed): one JSON line per collection,
# {"cheapest": {provider: {gpu_key: usd_per_gpu_hour}}, "collected_at": ISO time, "schema_version": 2}
def feed_last_line(raw):
    """The newest collection of a month file (its last non-empty line)."""
    try:
        lines = [line for line in raw.decode("utf-8").splitlines() if line.strip()]
    except UnicodeDecodeError as error:
        raise SourceError(f"gpu-price-feed file is not text ({error})") from None
    if not lines:
        raise SourceError("gpu-price-feed month file is empty")
    line = load_json(lines[-1].encode("utf-8"), "gpu-price-feed line")
    if not isinstance(line, dict) or not isinstance(line.get("cheapest"), dict):
        raise SourceError("gpu-price-feed line has no cheapest table")
    collected = str(line.get("collected_at", ""))[:10]
    try:
        datetime.date.fromisoformat(collected)
    except ValueError:
        raise SourceError(f"gpu-price-feed line has no collected_at date (got '{collected}')") from None
    return line["cheapest"], collected


def feed_price(cheapest, provider, gpu_key):
    price = cheapest.get(provider, {}).get(gpu_key) if isinstance(cheapest.get(provider), dict) else None
    return float(price) if isinstance(price, (int, float)) and price > 0 else None


def refresh_feed(rows, fetch, today):
    """The newest line of this month's file, else last month's (a new month starts empty)."""
    first = datetime.date.fromisoformat(today).replace(day=1)
    months = [first.strftime("%Y-%m"), (first - datetime.timedelta(days=1)).strftime("%Y-%m")]
    cheapest = collected = None
    for candidate in months:
        try:
            cheapest, collected = feed_last_line(fetch(FEED_RAW.format(month=candidate)))
            break
        except (OSError, SourceError):
            continue
    if cheapest is None:
        raise SourceError("no gpu-price-feed file for " + " or ".join(months))
    month = collected[:7]  # the file the line is in, by its own date
    found = {}
    for index, row in enumerate(rows):
        if row["pricing"] != "on-demand":
            continue  # the feed's table is of on-demand prices
        ref = row["refresh"]
        price = feed_price(cheapest, ref.get("provider"), ref.get("gpu_key"))
        if price is not None:
            found[index] = (price, FEED_PAGE.format(month=month), collected)
    return found


# [SECTION] gpu-price-index (ewyluda/gpu-price-index): a CSV a day with the columns
# date, collected_at, source, provider, segment, pricing (on_demand / spot), gpu_model, sku,
# region, geo, gpu_count, usd_per_hour, usd_per_gpu_hour, sample_size
def index_rows(raw):
    try:
        reader = csv.DictReader(io.StringIO(raw.decode("utf-8")))
        rows = list(reader)
    except (UnicodeDecodeError, csv.Error) as error:
        raise SourceError(f"gpu-price-index file is not CSV ({error})") from None
    needed = {"date", "provider", "pricing", "gpu_model", "sku", "region", "usd_per_gpu_hour"}
    if not rows or not needed <= set(reader.fieldnames or []):
        raise SourceError("gpu-price-index file lacks the expected columns")
    return rows


def index_price(rows, ref, pricing):
    """usd_per_gpu_hour of the row with this provider, sku, region (default global), pricing
    and, when given, gpu_model; None when there is none."""
    wanted = "spot" if pricing == "spot" else "on_demand"
    for row in rows:
        if (row.get("provider") != ref.get("provider") or row.get("sku", "").strip() != ref.get("sku")
                or row.get("region") != ref.get("region", "global") or row.get("pricing") != wanted):
            continue
        if "gpu_model" in ref and row.get("gpu_model") != ref["gpu_model"]:
            continue
        try:
            price = float(row.get("usd_per_gpu_hour", ""))
        except ValueError:
            continue
        if price > 0:
            return price
    return None


def refresh_index(rows, fetch, today):
    """The newest daily file up to INDEX_DAYS_BACK days before today."""
    day = datetime.date.fromisoformat(today)
    for back in range(INDEX_DAYS_BACK + 1):
        date = day - datetime.timedelta(days=back)
        names = {"year": date.year, "day": date.isoformat()}
        try:
            table = index_rows(fetch(INDEX_RAW.format(**names)))
        except (OSError, SourceError):
            continue
        # The day the file was collected, by its own date column.
        try:
            date = datetime.date.fromisoformat(table[0]["date"])
        except ValueError:
            raise SourceError(f"gpu-price-index file has no date (got '{table[0]['date']}')") from None
        names = {"year": date.year, "day": date.isoformat()}
        found = {}
        for index, row in enumerate(rows):
            price = index_price(table, row["refresh"], row["pricing"])
            if price is not None:
                found[index] = (price, INDEX_PAGE.format(**names), date.isoformat())
        return found
    raise SourceError(f"no gpu-price-index file in the {INDEX_DAYS_BACK} days before {today}")


SOURCES = {"azure": refresh_azure, "aws": refresh_aws, "vast": refresh_vast, "gpu-price-feed": refresh_feed,
           "gpu-price-index": refresh_index}
# Sources whose snapshot date, not the run's, is the row's date_seen.
DATED_SOURCES = {"gpu-price-feed", "gpu-price-index"}


# [SECTION] Rewriting the file
class FixtureFetcher:
    """Answers from recorded files: index.json maps the start of a URL (percent-decoded)
    to a file; the longest matching start wins."""

    def __init__(self, directory):
        self.directory = pathlib.Path(directory)
        self.index = json.loads((self.directory / "index.json").read_text(encoding="utf-8"))

    def __call__(self, url):
        decoded = urllib.parse.unquote(url)
        for prefix in sorted(self.index, key=len, reverse=True):
            if decoded.startswith(prefix):
                return (self.directory / self.index[prefix]).read_bytes()
        raise OSError(f"no recorded answer for {url}")


def refresh(book, fetch, today, sources=None):
    """Rewrites the refreshable rows of `book` in place; returns the report."""
    report = {"updated": [], "failed": {}, "unchanged": 0}
    rates = book.get("cloud_rates", [])
    for name, parse in SOURCES.items():
        if sources and name not in sources:
            continue
        rows = [(i, row) for i, row in enumerate(rates)
                if isinstance(row.get("refresh"), dict) and row["refresh"].get("source") == name]
        if not rows:
            continue
        try:
            if name in DATED_SOURCES:
                found = parse([row for _, row in rows], fetch, today)
            else:
                found = {i: (usd, source, today) for i, (usd, source) in parse([row for _, row in rows], fetch).items()}
            missing = [rows[i][1]["gpu_id"] for i in range(len(rows)) if i not in found]
            if missing:
                raise SourceError("returned no price for " + ", ".join(missing))
            changes = []
            for local, (usd, source, seen) in sorted(found.items()):
                position, row = rows[local]
                old, new = float(row["usd_per_gpu_hour"]), round(usd, 4)
                if not (old / NONSENSE_FACTOR < new < old * NONSENSE_FACTOR):
                    raise SourceError(f"{row['gpu_id']} ({row['provider']}, {row['pricing']}): "
                                      f"{new} is 10x off the current {old}")
                changes.append((position, row, old, new, source, seen))
        except SourceError as error:
            report["failed"][name] = str(error)
            continue
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
            report["failed"][name] = f"{type(error).__name__}: {error}"
            continue
        for position, row, old, new, source, seen in changes:
            # Same figure already dated, or a snapshot older than the row: nothing to write.
            if (new == old and row["date_seen"] >= seen) or seen < row["date_seen"]:
                report["unchanged"] += 1
                continue
            row["usd_per_gpu_hour"], row["date_seen"], row["source"] = new, seen, source
            report["updated"].append({"row": position + 1, "gpu_id": row["gpu_id"], "provider": row["provider"],
                                      "pricing": row["pricing"], "old": old, "new": new, "source": name})
    return report


def summary_markdown(report, today):
    lines = [f"## Price refresh {today}", ""]
    updated = report["updated"]
    lines.append(f"Rows updated: **{len(updated)}**; sources that failed: **{len(report['failed'])}**.")
    lines.append("")
    moves = sorted(updated, key=lambda u: abs(u["new"] - u["old"]) / u["old"], reverse=True)
    if moves:
        lines += ["### Largest moves", "", "| card | provider | pricing | old $/GPU-h | new $/GPU-h | change |",
                  "|---|---|---|---:|---:|---:|"]
        for u in moves[:10]:
            change = (u["new"] - u["old"]) / u["old"] * 100
            lines.append(f"| {u['gpu_id']} | {u['provider']} | {u['pricing']} | {u['old']:.4f} | "
                         f"{u['new']:.4f} | {change:+.1f}% |")
        lines.append("")
    if report["failed"]:
        lines += ["### Sources that failed (nothing from them was changed)", ""]
        for name, why in sorted(report["failed"].items()):
            lines.append(f"- **{name}**: {why}")
        lines.append("")
    return "\n".join(lines)


def dump(book):
    # The layout data/prices.json is written in, so an unchanged book is byte-identical.
    return json.dumps(book, indent=2, ensure_ascii=False) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prices", default=str(PRICES), help="prices.json to rewrite")
    parser.add_argument("--fixtures", help="answer from recorded responses in DIR (index.json) instead of the network")
    parser.add_argument("--today", default=datetime.date.today().isoformat(), help="date to stamp (YYYY-MM-DD)")
    parser.add_argument("--source", action="append", choices=sorted(SOURCES), help="only these sources")
    parser.add_argument("--dry-run", action="store_true", help="print the summary, write nothing")
    parser.add_argument("--summary", help="also write the Markdown summary to this file")
    args = parser.parse_args(argv)
    try:
        datetime.date.fromisoformat(args.today)
    except ValueError:
        parser.error(f"--today '{args.today}' is not a date like 2026-12-02")

    path = pathlib.Path(args.prices)
    text = path.read_text(encoding="utf-8")
    book = json.loads(text)
    if dump(book) != text:
        print(f"note: {path} is not in the canonical layout (2-space JSON); it will be rewritten in it",
              file=sys.stderr)
    fetch = FixtureFetcher(args.fixtures) if args.fixtures else fetch_url
    report = refresh(book, fetch, args.today, args.source)
    summary = summary_markdown(report, args.today)
    print(summary)
    if args.summary:
        pathlib.Path(args.summary).write_text(summary + "\n", encoding="utf-8")
    if report["updated"] and not args.dry_run:
        path.write_text(dump(book), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
