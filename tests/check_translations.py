#!/usr/bin/python3
"""Every string the page shows has a 简体中文 translation, and every translation is used.

The English strings the UI shows come from four places, all collected here:
  1. literals in src/ui and src/platform passed to tr("...") or N_("..."), or as the
     first argument of a helper that translates it (HELPERS: Label("Card"), ...);
  2. literals in src/core marked I18N("...") (sentence patterns, labels);
  3. table rows in src/core marked `// i18n` (the second literal of the line);
  4. what core's tables hold, as the core tests enumerate them (--core-tests BINARY runs
     the hidden Catch2 case "[.i18n-dump]" of tests/core/view/test_translations.cpp), so tables
     such as metrics.cpp are read as they are, without markers.
A tr() call whose argument is not a literal must be one of TRACEABLE: an expression whose
values all come from 1-4. Fails, naming file and line, on:
  missing   a string shown without an entry in src/ui/strings_zh.inc;
  stale     an entry no source uses any more (delete it);
  duplicate an English key listed twice (C++ keeps the first silently);
  placeholders  {N} patterns or printf %d/%s that differ between English and Chinese;
  untraceable   tr(<expression>) that is not a literal and not in TRACEABLE.
--mutation proves the check complete: it removes each entry in turn (and drops one
placeholder from each Chinese text that has any) and fails unless every mutant fails.
"""
import argparse
import os
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
INC = ROOT / "src/ui/strings_zh.inc"
LITERAL = r'"((?:[^"\\]|\\.)*)"'
LITERALS = r'((?:' + LITERAL + r'\s*)+)'  # adjacent literals are one string, as in C++

# UI helpers that pass their first argument to tr(); call sites must give a literal.
HELPERS = ("Label", "MultiSelectFilter")

# tr(<expression>) arguments that are not literals, and where all their values come from.
TRACEABLE = {
    "text": "Label(text): HELPERS call sites pass literals",
    "label": "MultiSelectFilter(label, ...): HELPERS call sites pass literals",
    "view_field(KEY).label": "view_fields() labels, I18N() literals of view_fields.cpp",
    "filter.label": "ranking_list_filters(): I18N() literals of rank/ranking.cpp",
    "field.unit": "view_fields() units (dump: field units)",
    "per": "view_fields() money units after 'USD' (dump: field units)",
    "shown(value)": "line_label() rows of catalog.cpp (// i18n; dump: line labels)",
    "line_label(value)": "line_label() rows of catalog.cpp (// i18n; dump: line labels): a fold's summary",
    "kind_label": "the N_() job kinds of panel_job_cost.cpp: the phone fold's summary",
    "text.c_str()": "CellText: line labels and the nvlink yes/no of columns.cpp (dump: column cells)",
    "info.label": "kTabs rows of app.cpp, marked N_()",
    "kTabs[end].label": "kTabs rows of app.cpp, marked N_() (tab row widths)",
    "kMetrics[i].second": "kMetrics rows of panel_value.cpp, marked N_()",
    "ui.clipboard_message.c_str()": "set from N_() literals in src/platform",
    "preset.label.c_str()": "view_presets() (presets.cpp // i18n; dump: presets)",
    "column.label": "catalog_columns() (dump: columns)",
    "metric->label": "ranking_metrics() (dump: metrics)",
    "m.description": "ranking_metrics() (dump: metrics)",
    "p.label": "ranking_profiles() (dump: profiles)",
    "profile->label": "ranking_profiles() (dump: profiles)",
    "profile->description": "ranking_profiles() (dump: profiles)",
    "scoring_summary()": "ranking.cpp (dump: ranking method)",
    "missing_rule_summary()": "ranking.cpp (dump: ranking method)",
    "option.c_str()": "StringCombo with translate: fit_modes() (dump: fit modes)",
    "part.key.c_str()": "fit_model() part keys (dump: fit parts)",
    "item->key.c_str()": "advise() keys (dump: advisor)",
    "item->choice.c_str()": "advise() disk choices (dump: advisor)",
    "item->unit.c_str()": "advise() units (dump: advisor)",
    "view.fit.mode.c_str()": "FitView mode, one of fit_modes() (dump: fit modes)",
    "speed_sort_label(s.sort)": "speed_sort_label(): I18N() literals of speed_view.cpp",
    "speed_sort_label(key)": "speed_sort_label(): I18N() literals of speed_view.cpp",
    "image_software_label(v.software)": "image_software_label(): I18N() literals of estimate/image.cpp",
    "image_software_label(key)": "image_software_label(): I18N() literals of estimate/image.cpp",
    "image_software_assumed(view.image.software)": "image_software_assumed(): I18N() literals of estimate/image.cpp",
    # TemplateText from core: tr(TemplateText) translates the pattern, an I18N() literal;
    # tests/core/view/test_translations.cpp runs each source and checks the patterns it gives.
    "notice": "advisor / VRAM-fit notices (TemplateText)",
    "band": "money_band_text() (TemplateText, the I18N() patterns of text/band_text.cpp)",
    "warning": "advisor warnings (TemplateText)",
    "item->why": "advisor whys (TemplateText)",
    "no_cuda": "Compat::no_cuda_why() (TemplateText)",
    "usable": "usable_memory_note() (TemplateText, an I18N() pattern of vram_fit.cpp)",
    "machine_price_note()": "catalog.cpp, an I18N() literal",
    "unified_memory_fit_rule()": "vram_fit.cpp, an I18N() literal",
    "result.error_text": "compute_roi() errors (TemplateText)",
    "notice.text": "compute_roi() notices (TemplateText)",
    "line.label_text": "roi_formulas() (TemplateText)",
    "line.formula_text": "roi_formulas() (TemplateText)",
    "line.numbers_text": "roi_formulas() (TemplateText)",
    "line.result_text": "roi_formulas() (TemplateText)",
    "price.condition.c_str()": "prices.json condition, validated new/used (dump: price words)",
    "rate.pricing.c_str()": "prices.json pricing, validated on-demand/spot (dump: price words)",
    "rate.provider_kind.c_str()": "prices.json provider_kind, checked against prices.cpp (dump: price words)",
    # Price ages, stale marks and provider kinds (price_notes.cpp, prices.cpp; test_translations.cpp runs them).
    "provider_kind_label(kind)": "provider_kind_label(): I18N() literals of prices.cpp",
    "price_source_text(price)": "price_source_text() (TemplateText)",
    "rate_source_text(*d.rate,d.rate_age)": "rate_source_text() (TemplateText)",
    "rate_source_text(*prices.rate,prices.rate_age)": "rate_source_text() (TemplateText)",
    "rate_note": "roi_rate_note() (TemplateText)",
    "mark": "stale_mark() (TemplateText)",
    "stale_mark(PriceAge{true,13,true})": "stale_mark() (TemplateText)",
    "value_stale_notice(stale_bars)": "value_stale_notice() (TemplateText)",
    "age_text": "price_age_text() (TemplateText)",
    # Markets, buyer prices and outlays (issue 28: market.cpp, outlay.cpp, roi.cpp; test_translations.cpp runs them).
    "market_info(view.buyer.market).label": "kMarkets labels, I18N() literals of market.h (dump: markets)",
    "market.label": "kMarkets labels, I18N() literals of market.h (dump: markets)",
    "market_info(b.market).label": "kMarkets labels, I18N() literals of market.h (dump: markets)",
    "market_info(d.tariff->market).label": "kMarkets labels, I18N() literals of market.h (dump: markets)",
    "buyer_price_text(price)": "buyer_price_text() (TemplateText)",
    "price_age_text(price.age)": "price_age_text() (TemplateText)",
    "flag": "price_flags() (TemplateText)",
    "outlay.machine.c_str()": "Outlay::machine, a class of machine_outlay() (dump: machine classes)",
    "o.machine.c_str()": "Outlay::machine, a class of machine_outlay() (dump: machine classes)",
    "o.missing": "machine_outlay() missing (TemplateText)",
    "outlay.missing": "machine_outlay() missing (TemplateText)",
    "roi_never_reason(result,currency.code,currency.per_usd)": "roi_never_reason() (TemplateText)",
    "covers": "DrawBuyerChoices: N_() literals of price_widgets.cpp",
    "order": "DrawBuyerChoices: N_() literals of price_widgets.cpp",
    # Issue 29: software support and images.
    "grade_label(s.grade)": "grade_label(): I18N() literals of catalog/software.cpp",
    "grade_label(a.software)": "grade_label(): I18N() literals of catalog/software.cpp (Ask's answers)",
    "g.label": "kAskGoals rows of ask/ask_view.h, marked I18N()",
    "option.second": "the Ask refinements' choices, N_() literals at the call sites of panel_ask.cpp",
    "grade_label(need->grade)": "grade_label(): I18N() literals of catalog/software.cpp",
    "why": "support_why() (TemplateText: I18N() patterns of catalog/software.cpp, or a data text)",
    "workload->label": "workloads(): I18N() literals of catalog/software.cpp",
    "GroupLabel(group)": "GroupLabel(): N_() literals of software_widgets.cpp",
    "current->label": "image_precisions(): I18N() literals of estimate/image.cpp",
    "precision->label": "image_precisions(): I18N() literals of estimate/image.cpp",
}


def field_label_key(expression):
    """view_field("roi.hpd").label and view_field(link_key).label are one traceable source."""
    return re.sub(r'^view_field\([^()]*\)\.label$', "view_field(KEY).label", expression)


def unescape(text):
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), text)


def joined(literals):
    return "".join(unescape(s) for s in re.findall(LITERAL, literals))


def line_of(text, index):
    return text[:index].count("\n") + 1


def read_table(text):
    """[(line, english, chinese)] in file order."""
    entries = []
    for number, line in enumerate(text.splitlines(), 1):
        m = re.match(r'\s*\{' + LITERAL + r'\s*,\s*' + LITERAL + r'\s*\},', line)
        if m:
            entries.append((number, unescape(m.group(1)), unescape(m.group(2))))
    return entries


def call_argument(text, open_paren):
    """The text between the parenthesis at open_paren and its match; literals skipped whole."""
    depth, i = 0, open_paren
    literal = re.compile(LITERAL)
    while i < len(text):
        c = text[i]
        if c == '"':
            m = literal.match(text, i)
            if m:
                i = m.end()
                continue
        elif c == "'":  # a char literal such as '(' or '"'
            i += 4 if text[i + 1] == "\\" else 3
            continue
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return text[open_paren + 1:i]
        i += 1
    return text[open_paren + 1:]


def first_argument(argument):
    depth, i = 0, 0
    literal = re.compile(LITERAL)
    while i < len(argument):
        c = argument[i]
        if c == '"':
            m = literal.match(argument, i)
            if m:
                i = m.end()
                continue
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "," and depth == 0:
            return argument[:i].strip()
        i += 1
    return argument.strip()


def strip_comments(text):
    """The text with // and /* */ comments blanked (newlines kept, so line numbers hold)."""
    out, i = [], 0
    token = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|//[^\n]*|/\*.*?\*/', re.S)
    for m in token.finditer(text):
        out.append(text[i:m.start()])
        piece = m.group(0)
        out.append(re.sub(r"[^\n]", " ", piece) if piece.startswith("/") else piece)
        i = m.end()
    out.append(text[i:])
    return "".join(out)


def source_files(folders, patterns=("*.cpp", "*.h")):
    for folder in folders:
        for pattern in patterns:  # src/core has a folder per domain
            yield from sorted((ROOT / folder).rglob(pattern))


def collect_sources(errors):
    """{english: where} from the sources (1-3 of the docstring)."""
    found = {}
    traced = set()

    def add(english, where):
        found.setdefault(english, where)

    for path in source_files(["src/ui", "src/platform"]):
        text = strip_comments(path.read_text(encoding="utf-8"))
        for m in re.finditer(r'\b(tr|N_)\(', text):
            where = f"{path.name}:{line_of(text, m.start())}"
            argument = first_argument(call_argument(text, m.end() - 1))
            literal = re.fullmatch(LITERALS, argument + " ") or re.fullmatch(LITERALS, argument)
            if literal:
                add(joined(argument), where)
            elif m.group(1) == "tr" and not re.match(r'\s*(const\s+)?[\w:]+[\s&*]+\w+\s*$', argument):
                expression = field_label_key(re.sub(r"\s+", "", argument))
                traced.add(expression)
                if expression not in TRACEABLE and not re.match(r'^"', argument):
                    errors.append(f"untraceable: {where}: tr({argument}): use a literal, N_(), or a core table "
                                  "the dump enumerates, and list the expression in TRACEABLE")
        for helper in HELPERS:
            for m in re.finditer(r'\b' + helper + r'\(', text):
                line_start = text.rfind("\n", 0, m.start()) + 1
                if re.match(r'\s*(void|bool|int|static|inline)\b', text[line_start:m.start()]):
                    continue  # the helper's own definition or declaration
                argument = first_argument(call_argument(text, m.end() - 1))
                where = f"{path.name}:{line_of(text, m.start())}"
                if re.fullmatch(LITERALS, argument + " ") or re.fullmatch(LITERALS, argument):
                    add(joined(argument), where)
                elif field_label_key(re.sub(r"\s+", "", argument)) in TRACEABLE:
                    traced.add(field_label_key(re.sub(r"\s+", "", argument)))
                else:
                    errors.append(f"untraceable: {where}: {helper}({argument}, ...) must be given a literal")
    for expression in sorted(set(TRACEABLE) - traced):
        errors.append(f"stale: TRACEABLE lists tr({expression}), which no source calls any more; delete it")
    for path in source_files(["src/core"]):
        raw = path.read_text(encoding="utf-8")
        text = strip_comments(raw)
        for m in re.finditer(r'\bI18N\(\s*' + LITERALS + r'\)', text):
            add(joined(m.group(1)), f"{path.name}:{line_of(text, m.start())}")
        for number, line in enumerate(raw.splitlines(), 1):
            if "// i18n" in line:
                literals = re.findall(LITERAL, line.split("// i18n")[0])
                if len(literals) >= 2:
                    add(unescape(literals[1]), f"{path.name}:{number}")
    return found


def collect_core_dump(core_tests):
    """{english: where} from core's tables as the core tests enumerate them (4)."""
    with tempfile.TemporaryDirectory() as folder:
        dump = pathlib.Path(folder) / "strings.txt"
        environment = dict(os.environ, GPUWISE_I18N_DUMP=str(dump))
        run = subprocess.run([core_tests, "[.i18n-dump]"], env=environment, capture_output=True, text=True)
        if run.returncode != 0 or not dump.exists():
            sys.exit(f"{core_tests} [.i18n-dump] failed:\n{run.stdout}{run.stderr}")
        found = {}
        for line in dump.read_text(encoding="utf-8").splitlines():
            group, _, english = line.partition("\t")
            found.setdefault(unescape(english), f"core tables ({group})")
        return found


def printf_placeholders(text):
    return re.findall(r"%[-+ #0]*\d*(?:\.\d+)?[dsfgux%]", text)


def template_placeholders(text):
    return sorted(re.findall(r"\{\d+\}", text))


def problems(entries, used, errors=()):
    """Every problem of a table (entries) against the strings the sources show (used)."""
    out = list(errors)
    zh = {}
    for number, english, chinese in entries:
        if english in zh:
            out.append(f"duplicate: strings_zh.inc:{number}: \"{english}\" is listed twice")
        zh.setdefault(english, chinese)
    for english, where in sorted(used.items(), key=lambda item: item[1]):
        if english not in zh:
            out.append(f"missing: {where}: \"{english}\"")
    if used:
        for number, english, _ in entries:
            if english not in used:
                out.append(f"stale: strings_zh.inc:{number}: \"{english}\" is shown nowhere; delete it")
    for number, english, chinese in entries:
        if printf_placeholders(english) != printf_placeholders(chinese):
            out.append(f"placeholders: strings_zh.inc:{number}: printf {printf_placeholders(english)} -> "
                       f"{printf_placeholders(chinese)} in \"{chinese}\"")
        if template_placeholders(english) != template_placeholders(chinese):
            out.append(f"placeholders: strings_zh.inc:{number}: {template_placeholders(english)} -> "
                       f"{template_placeholders(chinese)} in \"{chinese}\"")
    return out


def drop_one_placeholder(chinese):
    m = re.search(r"\{\d+\}|%[-+ #0]*\d*(?:\.\d+)?[dsfgux]", chinese)
    return chinese[:m.start()] + chinese[m.end():] if m else None


def mutation(entries, used, errors):
    """Each entry removed, and each placeholder-bearing text cut, must make the check fail."""
    survivors, mutants = [], 0
    for i, (number, english, chinese) in enumerate(entries):
        mutants += 1
        if not problems(entries[:i] + entries[i + 1:], used, errors):
            survivors.append(f"removing strings_zh.inc:{number} \"{english}\" passes the check")
        cut = drop_one_placeholder(chinese)
        if cut is not None:
            mutants += 1
            if not problems(entries[:i] + [(number, english, cut)] + entries[i + 1:], used, errors):
                survivors.append(f"dropping a placeholder from strings_zh.inc:{number} passes the check")
    for survivor in survivors:
        print(f"mutation survived: {survivor}")
    print(f"mutation: {mutants} mutants of {len(entries)} entries, {len(survivors)} survived")
    return 1 if survivors else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--core-tests", help="the core_tests binary, for the strings of core's tables")
    parser.add_argument("--mutation", action="store_true", help="prove that every entry is needed")
    args = parser.parse_args()
    if args.mutation and not args.core_tests:
        parser.error("--mutation needs --core-tests: without core's tables, table entries look unused")

    errors = []
    used = collect_sources(errors)
    if args.core_tests:
        for english, where in collect_core_dump(args.core_tests).items():
            used.setdefault(english, where)
    entries = read_table(INC.read_text(encoding="utf-8"))
    if not args.core_tests:
        print("note: without --core-tests, core's tables are not read and stale entries are not reported")
        found = problems(entries, {}, errors)
        found += [p for p in problems(entries, used) if p.startswith("missing")]
    else:
        found = problems(entries, used, errors)
    if not found and not entries:
        found.append("strings_zh.inc has no entries")
    if args.mutation:
        if found:
            print("\n".join(found))
            print("mutation: the unmutated table already fails")
            return 1
        return mutation(entries, used, errors)
    for problem in found:
        print(problem)
    print(f"translations: {len(used)} strings shown, {len(entries)} entries, {len(found)} problems")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
