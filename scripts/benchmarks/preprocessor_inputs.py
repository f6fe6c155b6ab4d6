"""Hostile inputs for eplint's preprocessor, one class at a time, n the size (nesting depth,
chain length, argument count or argument bytes). Each is a complete Info.plist whose keys are
hidden behind the construct, so a run that gives up silently would be green: every class must
end in findings (a lint of the keys, or EP002 where a limit stops it).
Used by adversarial.sh; `python3 preprocessor_inputs.py CLASS N` prints one input."""
import sys

HEAD = "<plist><dict>\n"
KEYS = "<key>SKExternalPurchase</key><array><string>NL</string></array>\n"
TAIL = "</dict></plist>\n"


def guarded(condition, defines=""):
    return HEAD + defines + f"#if {condition}\n" + KEYS + "#endif\n" + TAIL


def in_value(text, defines=""):
    return HEAD + defines + "<key>SKExternalPurchase</key><array><string>" + text + "</string></array>\n" + TAIL


CLASSES = {
    "parentheses": lambda n: guarded("(" * n + "1" + ")" * n),
    "minus": lambda n: guarded("- " * n + "1"),
    "not": lambda n: guarded("!" * (2 * (n // 2)) + "1"),
    "mixed-unary": lambda n: guarded("".join("-~!+"[i % 4] for i in range(n)) + "1"),
    "conditional-true": lambda n: guarded("1 ? " * n + "1" + " : 0" * n),
    "conditional-false": lambda n: guarded("0 ? 0 : " * n + "1"),
    "mixed-nesting": lambda n: guarded("(1 ? " * n + "1" + " : 0)" * n),
    "binary": lambda n: guarded(" + ".join(["1"] * n) + " > 0"),
    "nested-calls": lambda n: in_value("F(" * n + "NL" + ")" * n, "#define F(x) x\n"),
    "nested-calls-in-if": lambda n: guarded("F(" * n + "1" + ")" * n, "#define F(x) x\n"),
    "object-chain": lambda n: guarded(f"A{n}", "".join(f"#define A{i} A{i - 1}\n" for i in range(1, n + 1)) + "#define A0 1\n"),
    "function-chain": lambda n: guarded(f"F{n}(1)", "".join(f"#define F{i}(x) F{i - 1}(x)\n" for i in range(1, n + 1)) + "#define F0(x) x\n"),
    "variadic-arguments": lambda n: in_value("V(" + ",".join(["NL"] * n) + ")", "#define V(...) __VA_ARGS__\n"),
    "stringified-argument": lambda n: in_value("S(" + "a " * (n // 2) + ")", "#define S(x) #x\n"),
    "pasted-chain": lambda n: in_value("P(" + "a" * 8 + ")", "#define P(x) " + "##".join(["x"] * n) + "\n"),
}

if __name__ == "__main__":
    sys.stdout.write(CLASSES[sys.argv[1]](int(sys.argv[2])))
