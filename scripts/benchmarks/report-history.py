"""`eplint report --history` on a year of reports (issue 51): for TOKENS tokens (a third monthly
subscriptions, started and renewed; the rest one-time buys, one in ten refunded, and tokens without
line items), the first eleven months are the history (JSON Lines, one file a month, in a folder),
the twelfth month's reports are checked against it, with every token given in a --tokens file.
Prints time and peak memory at TOKENS/2 and TOKENS and their ratios: linear growth gives about 2.
The generated reports are valid: a finding is a failure of the benchmark.
Usage: python3 report-history.py EPLINT WORKDIR [TOKENS]"""
import base64, json, os, subprocess, sys

eplint, work = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
tokens = int(sys.argv[3]) if len(sys.argv) > 3 else 100_000
DAY = 86_400_000
START = 1_735_689_600_000  # 2025-01-01
NOW = "2026-01-01T00:00:00Z"


def uuid(kind, number):
    return f"{kind:08x}-0000-4000-8000-{number:012x}"


def line_item(identifier, date, amount, **extra):
    item = {"lineItemId": identifier, "creationDate": date, "eventType": "BUY", "amountTaxInclusive": amount * 5 // 4,
            "amountTaxExclusive": amount, "taxAmount": amount // 4, "netAmountTaxExclusive": amount,
            "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP"}
    item.update(extra)
    return item


def month_reports(count, month):
    """The reports of one month (0-11) for `count` tokens, as JSON texts."""
    reports = []
    for token in range(count):
        external = uuid(1, token)
        date = START + month * 30 * DAY + (token % 1000) * 1000
        request = uuid(2, month * count + token)
        kind = token % 3
        if kind == 0:  # a monthly subscription: started in month 0, renewed after
            start = uuid(3, token)
            if month == 0:
                item = line_item(start, date, 8000, productType="SUBSCRIPTION", productIdentifier="example.monthly",
                                 subscriptionEvent="SUBSCRIPTION_START", subscriptionStartDate=date,
                                 subscriptionEndDate=date + 30 * DAY, subscriptionDaysOfPaidService=0, quantity=1)
            else:
                item = line_item(uuid(4, month * count + token), date, 8000, productType="SUBSCRIPTION",
                                 productIdentifier="example.monthly", subscriptionEvent="RENEWAL",
                                 subscriptionStartDate=date, subscriptionEndDate=date + 30 * DAY,
                                 subscriptionDaysOfPaidService=30 * month, quantity=1, referenceLineItemId=start)
        elif month == token % 12 and token % 10 != 5:  # a one-time buy in its month
            item = line_item(uuid(5, token), date, 8000, productType="ONE_TIME_BUY",
                             productIdentifier="example.one-time-buy.product", quantity=6)
        elif month == (token % 12) + 1 and token % 10 == 1:  # refunded the month after
            item = line_item(uuid(6, token), date, 2000, eventType="REFUND", netAmountTaxExclusive=6000,
                             referenceLineItemId=uuid(5, token))
        elif month == token % 12 and token % 10 == 5:
            reports.append(json.dumps({"requestIdentifier": request, "externalPurchaseId": external,
                                       "status": "NO_LINE_ITEM"}, separators=(",", ":")))
            continue
        else:
            continue
        reports.append(json.dumps({"requestIdentifier": request, "externalPurchaseId": external,
                                   "status": "LINE_ITEM", "lineItems": [item]}, separators=(",", ":")))
    return reports


def prepare(count):
    folder = os.path.join(work, f"tokens-{count}")
    if os.path.exists(os.path.join(folder, "report.json")):
        return folder
    os.makedirs(os.path.join(folder, "history"), exist_ok=True)
    with open(os.path.join(folder, "tokens.txt"), "w") as out:
        for token in range(count):
            payload = {"appAppleId": 1234567890, "bundleId": "com.example", "externalPurchaseId": uuid(1, token),
                       "tokenCreationDate": START - DAY}
            out.write(base64.urlsafe_b64encode(json.dumps(payload).encode()).decode().rstrip("=") + "\n")
    for month in range(11):
        with open(os.path.join(folder, "history", f"2025-{month + 1:02d}.jsonl"), "w") as out:
            out.write("\n".join(month_reports(count, month)) + "\n")
    with open(os.path.join(folder, "report.json"), "w") as out:
        out.write("[" + ",\n".join(month_reports(count, 11)) + "]\n")
    return folder


def measure(folder):
    """CPU seconds (user and system: the machine may be shared) and peak resident kilobytes of one
    run, from the child's own resource usage (wait4: portable, no GNU time); stops the benchmark on
    a finding."""
    with open(os.path.join(folder, "output.txt"), "w+") as output:
        process = subprocess.Popen(
            [eplint, "report", "--color", "never", "--history", "history", "--tokens", "tokens.txt", "report.json"],
            cwd=folder, stdout=output, stderr=subprocess.STDOUT, env=dict(os.environ, EPLINT_NOW=NOW))
        _, status, usage = os.wait4(process.pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            output.seek(0)
            sys.exit(f"exit {os.waitstatus_to_exitcode(status)}:\n{output.read(4000)}")
    # ru_maxrss is in kilobytes on Linux, in bytes on macOS.
    kilobytes = usage.ru_maxrss // 1024 if sys.platform == "darwin" else usage.ru_maxrss
    return usage.ru_utime + usage.ru_stime, kilobytes


os.makedirs(work, exist_ok=True)
figures = []
for count in (tokens // 2, tokens):
    folder = prepare(count)
    size = sum(os.path.getsize(os.path.join(folder, "history", name)) for name in os.listdir(os.path.join(folder, "history")))
    reports = sum(1 for name in os.listdir(os.path.join(folder, "history"))
                  for _ in open(os.path.join(folder, "history", name)))
    seconds, kilobytes = measure(folder)
    figures.append((seconds, kilobytes))
    print(f"{count} tokens: {reports} reports in the history ({size / 2**20:.0f} MiB), {seconds:.2f} s of CPU, "
          f"peak {kilobytes / 1024:.0f} MiB")
print(f"ratios for twice the tokens: time {figures[1][0] / figures[0][0]:.2f}, memory {figures[1][1] / figures[0][1]:.2f}")
