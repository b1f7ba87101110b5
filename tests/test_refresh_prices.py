#!/usr/bin/python3
"""scripts/refresh_prices.py on recorded responses (tests/fixtures/prices); no network."""
import copy
import io
import json
import pathlib
import sys
import tempfile
import unittest
from contextlib import redirect_stdout

ROOT = pathlib.Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "prices"
sys.path.insert(0, str(ROOT / "scripts"))
import refresh_prices as rp  # noqa: E402

TODAY = "2026-12-02"


def fixture(name):
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


def rate(gpu_id, provider, usd, refresh=None, pricing="on-demand", notes="hand-written note"):
    row = {"gpu_id": gpu_id, "provider": provider, "provider_kind": "hyperscaler", "pricing": pricing,
           "usd_per_gpu_hour": usd, "date_seen": "2026-01-01", "source": "https://example.org/old"}
    if refresh:
        row["refresh"] = refresh
    row["notes"] = notes
    return row


def small_book():
    return {"schema_version": 1, "cny_per_usd": 7.1, "street_prices": [
        {"gpu_id": "rtx-4090", "usd": 1800, "condition": "new", "date_seen": "2026-05-01",
         "source": "https://example.org/street", "notes": "万 unicode stays"}],
        "cloud_rates": [
            rate("a100-pcie-80gb", "Azure", 3.0, {"source": "azure", "sku": "Standard_NC24ads_A100_v4",
                                                   "region": "eastus", "gpus": 1}),
            rate("h100-nvl", "Azure", 9.0, {"source": "azure", "sku": "Standard_NC80adis_H100_v5",
                                             "region": "eastus", "gpus": 2}),
            rate("a100-sxm4-40gb", "AWS", 2.5, {"source": "aws", "sku": "p4d.24xlarge", "region": "us-east-1",
                                                 "gpus": 8}),
            rate("a100-sxm4-80gb", "Vast.ai", 1.5, {"source": "vast", "gpu_name": "A100 SXM4", "vram_gb": 80}),
            rate("a100-pcie-80gb", "Azure", 3.1, None, notes="no refresh key: never touched"),
        ]}


class Parsers(unittest.TestCase):
    def test_azure_takes_the_linux_pay_as_you_go_meter(self):
        items = fixture("azure_retail_prices_page1.json")["Items"]
        self.assertEqual(rp.azure_hourly_usd(items, "Standard_NC24ads_A100_v4", "eastus", "on-demand"), 3.673)
        self.assertEqual(rp.azure_hourly_usd(items, "Standard_NC24ads_A100_v4", "eastus", "spot"), 0.9804)
        self.assertIsNone(rp.azure_hourly_usd(items, "Standard_NC24ads_A100_v4", "westus", "on-demand"))

    def test_azure_follows_next_page_link(self):
        items = rp.azure_items(rp.FixtureFetcher(FIXTURES), ["Standard_ND96isr_H100_v5"], "eastus")
        self.assertEqual(rp.azure_hourly_usd(items, "Standard_ND96isr_H100_v5", "eastus", "on-demand"), 98.32)
        self.assertEqual(rp.azure_hourly_usd(items, "Standard_ND96isr_H100_v5", "westus", "on-demand"), 102.1)

    def test_azure_answer_without_items_is_an_error(self):
        with self.assertRaises(rp.SourceError):
            rp.azure_items(lambda url: b'{"error": "throttled"}', ["Standard_NC24ads_A100_v4"], "eastus")

    def test_aws_takes_on_demand_linux_shared_tenancy(self):
        offer = fixture("aws_ec2_us-east-1.json")
        self.assertAlmostEqual(rp.aws_on_demand_usd(offer, "p4d.24xlarge"), 21.957642)
        self.assertAlmostEqual(rp.aws_on_demand_usd(offer, "p5.48xlarge"), 55.04)
        self.assertIsNone(rp.aws_on_demand_usd(offer, "p6-b200.48xlarge"))

    def test_vast_median_per_gpu_and_memory_filter(self):
        offers = fixture("vast_bundles_on_demand.json")["offers"]
        # 80 GB A100 SXM4 offers: 1.60, 7.20 / 4 = 1.80 and 1.90 per GPU; the 40 GB one is left out.
        self.assertAlmostEqual(rp.vast_median_per_gpu(offers, "A100 SXM4", "on-demand", 80), 1.80)
        self.assertAlmostEqual(rp.vast_median_per_gpu(offers, "A100 SXM4", "on-demand", 40), 0.70)
        self.assertAlmostEqual(rp.vast_median_per_gpu(offers, "H100 SXM", "on-demand"), 2.40)
        self.assertAlmostEqual(rp.vast_median_per_gpu(offers, "RTX 3090", "spot"), 0.11)
        self.assertIsNone(rp.vast_median_per_gpu(offers, "B200", "on-demand"))

    def test_feed_takes_the_newest_line_and_its_date(self):
        raw = (FIXTURES / "gpu_price_feed_2026-10.jsonl").read_bytes()
        older = b'{"cheapest": {"vastai": {"T4 16GB": 9.0}}, "collected_at": "2026-09-30T00:00:00+00:00"}\n'
        cheapest, collected = rp.feed_last_line(older + raw + b"\n")
        self.assertEqual(collected, "2026-10-01")
        self.assertEqual(rp.feed_price(cheapest, "vastai", "T4 16GB"), 0.1489)
        self.assertEqual(rp.feed_price(cheapest, "datacrunch", "GB300 288GB SXM"), 9.915)
        self.assertIsNone(rp.feed_price(cheapest, "vastai", "B300 288GB SXM"))  # Vast lists it as "form unstated"
        self.assertIsNone(rp.feed_price(cheapest, "nobody", "T4 16GB"))
        with self.assertRaises(rp.SourceError):
            rp.feed_last_line(b"\n")
        with self.assertRaises(rp.SourceError):
            rp.feed_last_line(b'{"cheapest": {}, "collected_at": "soon"}')

    def test_feed_rows_are_dated_by_the_collection_and_spot_rows_are_skipped(self):
        rows = [rate("t4", "Vast.ai", 0.2, {"source": "gpu-price-feed", "provider": "vastai", "gpu_key": "T4 16GB"}),
                rate("t4", "Vast.ai", 0.1, {"source": "gpu-price-feed", "provider": "vastai", "gpu_key": "T4 16GB"},
                     pricing="spot")]
        found = rp.refresh_feed(rows, rp.FixtureFetcher(FIXTURES), TODAY)
        self.assertEqual(list(found), [0])
        usd, source, seen = found[0]
        self.assertEqual((usd, seen), (0.1489, "2026-10-01"))
        self.assertTrue(source.endswith("/data/history/v2/2026-10.jsonl"))

    def test_index_matches_provider_sku_region_pricing_and_model(self):
        table = rp.index_rows((FIXTURES / "gpu_price_index_2026-10-10.csv").read_bytes())
        ref = {"provider": "AWS", "sku": "p6-b300.48xlarge", "region": "us-east-1"}
        self.assertEqual(rp.index_price(table, ref, "on-demand"), 17.802)
        self.assertIsNone(rp.index_price(table, ref, "spot"))
        self.assertEqual(rp.index_price(table, {"provider": "Microsoft Azure", "sku": "Standard_ND96isr_H100_v5",
                                                "region": "eastus"}, "spot"), 2.2712)
        # The MIG slice at $0.50 has its own sku; Vast's medians share one sku, told apart by model.
        self.assertEqual(rp.index_price(table, {"provider": "RunPod Secure Cloud", "sku": "NVIDIA B300 SXM6 AC"},
                                        "on-demand"), 8.99)
        self.assertEqual(rp.index_price(table, {"provider": "Vast.ai", "sku": "median-offer", "gpu_model": "H200"},
                                        "on-demand"), 5.0011)
        with self.assertRaises(rp.SourceError):
            rp.index_rows(b"date,provider\n2026-10-10,AWS\n")

    def test_index_looks_back_for_the_newest_day_and_dates_rows_by_it(self):
        asked = []

        def fetch(url):
            asked.append(url)
            if url.endswith("2026-11-30.csv"):
                return (FIXTURES / "gpu_price_index_2026-10-10.csv").read_bytes()
            raise OSError("404")

        rows = [rate("b300", "AWS", 17.0, {"source": "gpu-price-index", "provider": "AWS", "gpu_model": "B300",
                                           "sku": "p6-b300.48xlarge", "region": "us-east-1"})]
        found = rp.refresh_index(rows, fetch, TODAY)
        self.assertEqual(len(asked), 3)  # 12-02, 12-01, 11-30
        usd, source, seen = found[0]
        self.assertEqual((usd, seen), (17.802, "2026-10-10"))  # the file's own date column
        self.assertTrue(source.endswith("/data/observations/2026/2026-10-10.csv"))
        with self.assertRaises(rp.SourceError):
            rp.refresh_index(rows, lambda url: (_ for _ in ()).throw(OSError("404")), TODAY)

    def test_a_snapshot_older_than_the_row_leaves_it(self):
        book = {"cloud_rates": [rate("t4", "Vast.ai", 0.2, {"source": "gpu-price-feed", "provider": "vastai",
                                                            "gpu_key": "T4 16GB"})]}
        book["cloud_rates"][0]["date_seen"] = "2026-11-20"  # a hand figure newer than the feed's line
        report = rp.refresh(book, rp.FixtureFetcher(FIXTURES), TODAY, ["gpu-price-feed"])
        self.assertEqual((report["updated"], report["unchanged"]), ([], 1))
        self.assertEqual(book["cloud_rates"][0]["usd_per_gpu_hour"], 0.2)


class Refresh(unittest.TestCase):
    def run_refresh(self, book, fetch=None):
        return rp.refresh(book, fetch or rp.FixtureFetcher(FIXTURES), TODAY)

    def test_rewrites_only_refresh_rows_and_their_three_fields(self):
        before = small_book()
        book = copy.deepcopy(before)
        report = self.run_refresh(book)
        self.assertEqual(report["failed"], {})
        self.assertEqual(len(report["updated"]), 4)
        rates = book["cloud_rates"]
        self.assertEqual([r["usd_per_gpu_hour"] for r in rates], [3.673, 8.82, 2.7447, 1.8, 3.1])
        for old, new in zip(before["cloud_rates"][:4], rates[:4]):
            self.assertEqual(new["date_seen"], TODAY)
            self.assertTrue(new["source"].startswith("https://"))
            for key in old:
                if key not in ("usd_per_gpu_hour", "date_seen", "source"):
                    self.assertEqual(old[key], new[key], key)
            self.assertEqual(list(old), list(new), "key order")
        self.assertEqual(before["cloud_rates"][4], rates[4])
        self.assertEqual(before["street_prices"], book["street_prices"])

    def test_failing_source_changes_nothing_and_is_named(self):
        book = small_book()

        def fetch(url):
            if "azure" in url:
                raise OSError("connection refused")
            return rp.FixtureFetcher(FIXTURES)(url)

        report = self.run_refresh(book, fetch)
        self.assertIn("azure", report["failed"])
        self.assertEqual([r["usd_per_gpu_hour"] for r in book["cloud_rates"][:2]], [3.0, 9.0])
        self.assertEqual({u["source"] for u in report["updated"]}, {"aws", "vast"})
        self.assertIn("**azure**", rp.summary_markdown(report, TODAY))

    def test_empty_answer_changes_nothing(self):
        book = small_book()
        report = self.run_refresh(book, lambda url: b'{"offers": []}' if "vast" in url
                                  else rp.FixtureFetcher(FIXTURES)(url))
        self.assertIn("vast", report["failed"])
        self.assertEqual(book["cloud_rates"][3]["usd_per_gpu_hour"], 1.5)

    def test_a_price_ten_times_off_rejects_the_whole_source(self):
        book = small_book()
        book["cloud_rates"][1]["usd_per_gpu_hour"] = 0.5  # the fixture says 8.82: 17x
        report = self.run_refresh(book)
        self.assertIn("10x", report["failed"]["azure"])
        self.assertEqual([r["usd_per_gpu_hour"] for r in book["cloud_rates"][:2]], [3.0, 0.5])
        self.assertEqual([r["date_seen"] for r in book["cloud_rates"][:2]], ["2026-01-01"] * 2)

    def test_a_row_the_source_no_longer_lists_fails_the_source(self):
        book = small_book()
        book["cloud_rates"][2]["refresh"]["sku"] = "p3.16xlarge"
        report = self.run_refresh(book)
        self.assertIn("a100-sxm4-40gb", report["failed"]["aws"])
        self.assertEqual(book["cloud_rates"][2]["usd_per_gpu_hour"], 2.5)

    def test_summary_lists_largest_moves_first(self):
        book = small_book()
        report = self.run_refresh(book)
        summary = rp.summary_markdown(report, TODAY)
        self.assertIn("Rows updated: **4**", summary)
        rows = [line for line in summary.splitlines() if line.startswith("| ") and "%" in line]
        # Azure 3.0 -> 3.673 (+22.4%), Vast 1.5 -> 1.8 (+20%), AWS 2.5 -> 2.7447 (+9.8%), Azure 9.0 -> 8.82 (-2%)
        self.assertEqual([line.split(" | ")[-1].rstrip(" |") for line in rows], ["+22.4%", "+20.0%", "+9.8%", "-2.0%"])
        self.assertTrue(rows[0].startswith("| a100-pcie-80gb | Azure"))


class ShippedData(unittest.TestCase):
    def test_every_refresh_row_of_the_shipped_file_is_answered_by_the_fixtures(self):
        with tempfile.TemporaryDirectory() as directory:
            path = pathlib.Path(directory) / "prices.json"
            original = (ROOT / "data" / "prices.json").read_text(encoding="utf-8")
            path.write_text(original, encoding="utf-8")
            out = io.StringIO()
            with redirect_stdout(out):
                self.assertEqual(rp.main(["--prices", str(path), "--fixtures", str(FIXTURES), "--today", TODAY]), 0)
            self.assertIn("sources that failed: **0**", out.getvalue())
            refreshed = path.read_text(encoding="utf-8")
            # Same layout: only the lines of refreshed fields differ.
            changed = [(a, b) for a, b in zip(original.splitlines(), refreshed.splitlines()) if a != b]
            self.assertEqual(len(original.splitlines()), len(refreshed.splitlines()))
            self.assertTrue(changed)
            for old_line, new_line in changed:
                key = old_line.strip().split(":")[0]
                self.assertIn(key, ('"usd_per_gpu_hour"', '"date_seen"', '"source"'), old_line)
                self.assertEqual(new_line.strip().split(":")[0], key)

    def test_shipped_file_is_in_the_layout_the_script_writes(self):
        text = (ROOT / "data" / "prices.json").read_text(encoding="utf-8")
        self.assertEqual(rp.dump(json.loads(text)), text)

    def test_dry_run_writes_nothing(self):
        with tempfile.TemporaryDirectory() as directory:
            path = pathlib.Path(directory) / "prices.json"
            path.write_text(rp.dump(small_book()), encoding="utf-8")
            before = path.read_bytes()
            with redirect_stdout(io.StringIO()):
                rp.main(["--prices", str(path), "--fixtures", str(FIXTURES), "--today", TODAY, "--dry-run"])
            self.assertEqual(path.read_bytes(), before)


if __name__ == "__main__":
    unittest.main()
