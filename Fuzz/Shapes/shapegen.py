"""Random model declarations and JSON documents for shapefuzz.py (Python 3 standard library only)."""
from pathlib import Path

HARNESS = (Path(__file__).resolve().parent / "Harness.swift.txt").read_text()

WORDS = ["alpha", "beta", "gamma", "delta", "echo", "fox", "golf", "hotel", "india", "juno", "kilo", "lima",
         "mike", "nova", "oscar", "papa", "quill", "romeo", "sierra", "tango", "umber", "victor", "whisky",
         "xray", "yank", "zulu", "amber", "birch", "cedar", "dune", "ember", "fern", "grove", "heath", "iris",
         "jade", "knoll", "lark", "moss", "nook"]

# Integer types: (Swift name, min, max).
INTEGERS = [("Int", -2**63, 2**63 - 1), ("Int8", -128, 127), ("Int16", -2**15, 2**15 - 1),
            ("Int32", -2**31, 2**31 - 1), ("Int64", -2**63, 2**63 - 1), ("UInt8", 0, 255),
            ("UInt16", 0, 2**16 - 1), ("UInt32", 0, 2**32 - 1), ("UInt", 0, 2**64 - 1)]

# Strings as JSON text (valid JSON only): plain, escaped, non-ASCII, surrogate pairs.
STRINGS = ['""', '"a"', '"hello world"', '"caf\\u00e9"', '"café"', '"日本語"', '"😀"', '"\\ud83d\\ude00"',
           '"line\\nbreak"', '"tab\\there"', '"quote\\"inside"', '"back\\\\slash"', '"\\/slash"', '"\\u0000nul"',
           '"\\u001f"', '"12"', '"-7"', '"1.5"', '"true"', '"null"', '"x\\u2028y"', '" spaced "', '"0"']

DOUBLES = ["0", "1", "-1", "0.5", "-2.25", "3.0", "1e3", "2E-2", "1.5e+2", "-0.0", "-0", "123.456", "1e308",
           "5e-324", "0.1", "100", "9007199254740993", "1e-400"]
# Beyond Double's range: the byte route rejects these as malformed (a documented choice), so they are rare.
HUGE = ["1e400", "-1e400"]

# Values of every JSON kind, for mismatches and extra keys.
WRONG = ["null", "true", "false", "0", "-3", "2.5", '"str"', '"12"', "[]", "[1,2]", "{}", '{"k":1}',
         "123456789012345678901234567890", '""', "[null]", '{"a":[{}]}']


# Adapters and transforms, from the fixed set defined in Harness.swift.txt.
# Money goes through MoneyAdapter, registered on every mapper; the rest are @JSONTransform properties:
# (name, Swift type, adapter expression, default, values that read, values the adapter refuses).
MONEY_GOOD = ['"12.30 USD"', '"0 EUR"', '"-7.05 JPY"', '"1 CHF"', '"999999999999.99 GBP"', '"+3.10 USD"']
MONEY_BAD = ['"12,30 USD"', '"12.3 USD"', '"USD"', '"1 usd"', "5", '""', '"1.00 ERR"']
TRANSFORMS = [
    ("seconds", "Date", "SecondsSince1970()", "Date(timeIntervalSince1970: 0)",
     ["0", "1700000000", "-1", "1.5", '"42"', "1e10", "0.1", "-62135596800", "2.5e-3"], ['"x"', "true", '""', "[]"]),
    ("millis", "Date", "MillisecondsSince1970()", "Date(timeIntervalSince1970: 0)",
     ["0", "1700000000123", '"5"', "-1", "1.5", "1e15"], ['"soon"', "false", "{}"]),
    ("dateformat", "Date", 'DateFormat("yyyy-MM-dd")', "Date(timeIntervalSince1970: 0)",
     ['"2024-02-29"', '"1970-01-01"', '"1999-12-31"', '"0001-01-01"', '"2024-1-5"'],
     ['"2023-02-29"', '"2024-13-01"', '"x"', "5", '"2024-02-29T00:00:00Z"']),
    ("numstr", "Int64", "NumberAsString<Int64>()", "0",
     ['"123"', "123", '"-9223372036854775808"', '"9007199254740993"', '"+5"', "-4"],
     ['"9223372036854775808"', '"1.5"', "1.5", '"x"', '""', '" 1"', "1e2", "true"]),
    ("hex", "Colour", "HexColour()", "Colour()",
     ['"#ff8800"', '"#FFFFFF"', '"#000000"', '"#0a0B0c"'], ['"#fff"', '"ff8800"', "7", '"#gg0000"']),
]
TYPE_KEYS = ["type", "kind", "@type", "_t"]

# Foundation's reference types, as property types: (default values, values that read in
# lenient mode at least, values that do not). NSNumber takes any number or bool, exactly (64-bit ids,
# 30-digit integers), and numeric strings in lenient mode.
NUMBERS = ["0", "7", "-3", "505874924095815681", "9223372036854775807", "-9223372036854775808",
           "9223372036854775808", "18446744073709551615", "18446744073709551616", "123456789012345678901234567890",
           "-123456789012345678901234567890", "0.1", "1.5", "-2.25", "-0", "-0.0", "1e2", "1E-7", "5e-324", "1e308",
           "1.7976931348623157e308", "12.345678901234567890123", "0.30000000000000004", "1e-400", "100.0"]
NUMERIC_STRINGS = ['"42"', '"2.5"', '"-7"', '"1e3"', '"18446744073709551616"', '"9007199254740993"', '"-0"']
FOUNDATION = {
    "NSNumber": (["NSNumber(value: 0)", "NSNumber(value: 7)", "NSNumber(value: true)", "NSNumber(value: 1.5)"],
                 NUMBERS + ["true", "false"] + NUMERIC_STRINGS,
                 ['"abc"', '""', '" 1"', '"0x10"', '"NaN"', '"1e999"', '"yes"', "null", "[]", "{}"]),
    "NSDecimalNumber": (["NSDecimalNumber(decimal: 0)", 'NSDecimalNumber(string: "1.25")'],
                        NUMBERS + NUMERIC_STRINGS, ["true", '"abc"', '""', "null", "[1]", "{}"]),
    "NSString": (['NSString(string: "")', 'NSString(string: "dflt")'],
                 STRINGS + ["12", "-0.5", "1e2", "true", "18446744073709551616"], ["null", "[]", '{"s":"t"}']),
    "NSArray": (["NSArray()", 'NSArray(array: [1, "a", true, NSNull()])'],
                ["[]", '[1,"two",null,{"k":[true]}]', "[1.5,-0,1e2,-0.0]", "[123456789012345678901234567890,18446744073709551615]",
                 "[[[]],{}]", '["\\u00e9","😀","x\\ny"]', "[0.1,5e-324,1e308]", '[{"a":1,"a":2}]', "[false,0,1,true]"],
                ["{}", "3", '"s"', "true", "null"]),
    "NSDictionary": (["NSDictionary()", 'NSDictionary(dictionary: ["k": 1, "s": "t"])'],
                     ["{}", '{"a":1,"b":[true,null]}', '{"x":{"y":"z"}}', '{"big":18446744073709551616,"n":-0,"f":2.5}',
                      '{"":0,"caf\\u00e9":"é","😀":[]}', '{"d":1,"d":2}', '{"deep":[[{"e":[1e2]}]]}'],
                     ["[]", "1", '"s"', "false", "null"]),
    "NSDate": (["NSDate(timeIntervalSince1970: 0)", "NSDate(timeIntervalSince1970: 1700000000.5)"],
               ['"2024-02-29T12:30:00Z"', '"1970-01-01T00:00:00Z"', '"2024-05-01T12:30:00.5Z"', '"2024-05-01T12:30:00.123Z"',
                '"2024-05-01T12:30:00+02:00"', '"0001-01-01T00:00:00Z"', '"9999-12-31T23:59:59Z"', '"1969-12-31T23:59:59.999Z"'],
               ['"2024-02-30T00:00:00Z"', '"2024-05-01"', '"x"', "1700000000", '""', "null", "[]"]),
    "NSURL": (['NSURL(string: "https://a.b")!', 'NSURL(string: "https://example.com/p?q=1#f")!'],
              ['"https://example.com/a?b=1"', '"http://x"', '"/relative/path"', '"mailto:a@b.c"', '"https://例え.jp/ü"',
               '"http://[::1]:80/"', '"file:///tmp/a%20b"', '"a"', '"https://a.b/\\u00e9?x=%20"'],
              ['"a b"', '""', '"http://[::1"', '"%zz"', "5", "true", "null", "{}"]),
}
# Bool documents: JSON booleans, then what lenient mode coerces ("1", "0", "yes", "no", "true",
# "false" in any case, and the numbers 0 and 1), then strings it does not.
BOOLS = ["true", "false", "true", "false", "1", "0", "2", '"true"', '"1"', '"0"', '"yes"', '"No"', '"TRUE"', '"nO"',
         '"YES"', '"False"', '"no"', '"y"', '"on"', '" true"', '""', '"2"', '"yess"', '"truex"', "-1", "1.0"]
# Property wrappers defined in Harness.swift.txt: conformed to JSONPropertyWrapper (generic over any
# value), and Codable ones (over the Swift types JSONDecoder reads).
WRAPPERS = ["Boxed", "Stashed", "RefBox"]
CODABLE_WRAPPED = [("Int", ("int", -2**63, 2**63 - 1)), ("String", ("string",)), ("Bool", ("bool",)),
                   ("Double", ("double",))]
UNDERSCORED = ["_id", "_links", "_embedded", "_rev", "_meta"]


def literal(doc, truncated=False):
    """A Swift (document, mayReject) tuple; tabs and newlines become the raw string's escapes."""
    may_reject = truncated or "1e400" in doc or max_depth(doc) >= 256
    text = doc.replace("\t", "\\###t").replace("\n", "\\###n")
    return f'    (###"{text}"###, {"true" if may_reject else "false"}),'


def max_depth(doc):
    depth = deepest = 0
    in_string = escaped = False
    for ch in doc:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


class Type:
    """A property type: kind is scalar, enum, model, optional, array or dictionary."""

    def __init__(self, kind, swift, inner=None, target=None):
        self.kind, self.swift, self.inner, self.target = kind, swift, inner, target


class Prop:
    def __init__(self, name, type_, decl="var", attribute=None, key=None, alternates=(), transform=None):
        self.name, self.type, self.decl = name, type_, decl
        self.wrapper = None  # "@Boxed" etc. around the property, inside any @JSONKey/@JSONIgnored
        self.attribute, self.key, self.alternates = attribute, key, list(alternates)
        self.transform = transform  # (TRANSFORMS entry, explicit key or None) for attribute "transform"

    @property
    def read(self):
        return self.decl == "var" and self.attribute != "ignored"

    @property
    def written(self):
        return self.decl in ("var", "let") and self.attribute != "ignored"


def declarable(model, declare_subclasses):
    """Whether a property may be declared with this model's type: any model when `declare_subclasses`
    (shapefuzz.py's default), else not a subclass of a polymorphic base."""
    return declare_subclasses or not (model.base and model.base.poly)


class Model:
    def __init__(self, index, kind, base=None, final=True):
        self.index, self.kind, self.base, self.final = index, kind, base, final
        self.name = f"M{index}"
        self.props = []
        # A JSONPolymorphic base: (typeKey, [(label, model)]); its subclasses come right after it.
        self.poly = None

    def all_props(self):
        return (self.base.all_props() if self.base else []) + self.props

    def used_names(self):
        """Property names, and the storage names (`_x`) of wrapped properties."""
        names = {p.name for p in self.all_props()}
        return names | {"_" + p.name for p in self.all_props() if p.wrapper or p.attribute in ("key", "path", "ignored", "transform")}


class Generator:
    def __init__(self, rng, model_count, documents_per_model, declare_subclasses=False):
        """declare_subclasses: also declare properties and top-level checks of a polymorphic base's
        subclasses."""
        self.rng = rng
        self.declare_subclasses = declare_subclasses
        self.documents_per_model = documents_per_model
        self.snake = rng.random() < 0.5
        self.enums = []
        for index in range(rng.randint(2, 4)):
            raw = rng.choice(["String", "Int"])
            count = rng.randint(1, 4)
            if raw == "String":
                cases = [(f"c{i}", rng.choice([f"c{i}", f"v{i}-{rng.choice(WORDS)}", f"V{i}"])) for i in range(count)]
            else:
                values = rng.sample(range(-5, 50), count)
                cases = [(f"c{i}", str(v)) for i, v in enumerate(values)]
            self.enums.append((f"E{index}", raw, cases))
        self.alternate_counter = 0
        self.group_counter = 0
        self.models = []
        while len(self.models) < model_count:
            index = len(self.models)
            if model_count - index >= 3 and rng.random() < 0.12:
                self.models += self.make_hierarchy(index, min(rng.randint(2, 3), model_count - index - 1))
            else:
                self.models.append(self.make_model(index))

    def make_hierarchy(self, index, subclasses):
        """A JSONPolymorphic base and its subclasses, chosen by a discriminator; the base itself is
        listed among the subtypes half the time."""
        rng = self.rng
        base = Model(index, "class", final=False)
        base.poly = ("?", [])  # set below; already marks the subclasses for `declarable`
        group = [base]
        self.models.append(base)
        try:
            used = base.used_names()
            for _ in range(rng.randint(0, 3)):
                base.props.append(self.make_prop(base, self.fresh_name(used), used))
            for number in range(subclasses):
                sub = Model(index + 1 + number, "class", base=base, final=True)
                self.models.append(sub)
                group.append(sub)
                used = sub.used_names()
                for _ in range(rng.randint(0, 4)):
                    sub.props.append(self.make_prop(sub, self.fresh_name(used), used))
        finally:
            del self.models[-len(group):]
        labels = rng.sample(["a", "b", "c", "Circle", "rect-2", "x.y", "0", "sub"], len(group))
        listed = [(labels[i], model) for i, model in enumerate(group) if i > 0 or rng.random() < 0.5]
        base.poly = (rng.choice(TYPE_KEYS), listed)
        return group

    # ---- declarations

    def make_model(self, index):
        rng = self.rng
        bases = [m for m in self.models if m.kind == "class" and not m.final and not m.poly]
        roll = rng.random()
        if bases and roll < 0.3:
            model = Model(index, "class", base=rng.choice(bases), final=rng.random() < 0.6)
        elif roll < 0.55:
            model = Model(index, "class", final=rng.random() < 0.4)
        else:
            model = Model(index, "struct")
        self.models.append(model)  # visible to make_type for self-references; replaced by the caller
        try:
            used = model.used_names()
            for _ in range(rng.randint(0, 7)):
                name = self.fresh_name(used)
                model.props.append(self.make_prop(model, name, used))
        finally:
            self.models.pop()
        return model

    def fresh_name(self, used):
        while True:
            words = self.rng.sample(WORDS, self.rng.choice([1, 1, 2]))
            name = words[0] + "".join(w.capitalize() for w in words[1:])
            # `_name` would be the storage of a wrapped `name`: never beside a plain `_name`.
            if name not in used and "_" + name not in used:
                used.add(name)
                return name

    def json_key(self, name):
        if not self.snake:
            return name
        out = ""
        for ch in name:
            out += "_" + ch.lower() if ch.isupper() else ch
        return out

    def make_prop(self, model, name, used):
        prop = self.make_any_prop(model, name, used)
        if prop.wrapper or prop.attribute:
            used.add("_" + prop.name)  # the wrapper's storage: no plain property may take its name
        return prop

    def make_any_prop(self, model, name, used):
        rng = self.rng
        if rng.random() < 0.22:
            prop = self.make_issue19_prop(model, name, used)
            if prop:
                return prop
        roll = rng.random()
        classes = [m for m in self.models if m.kind == "class" and declarable(m, self.declare_subclasses)]
        if roll < 0.06 and classes:
            return Prop(name, self.optional(self.model_type(rng.choice(classes))), decl="weak")
        if roll < 0.12:
            return Prop(name, self.scalar(), decl="lazy")
        if roll < 0.2:
            return Prop(name, self.make_type(model, 0, allow_self=False), decl="let")
        if roll < 0.28:
            entry = rng.choice(TRANSFORMS + [("lossy",)])
            key = f"t_{name}" if rng.random() < 0.3 else None
            if key:
                used.add(key)
            if entry[0] == "lossy":
                targets = [m for m in self.models if m is not model and not m.poly and declarable(m, self.declare_subclasses)]
                if not targets:
                    entry = TRANSFORMS[0]
                else:
                    inner = self.model_type(rng.choice(targets))
                    return Prop(name, Type("array", f"[{inner.swift}]", inner=inner), attribute="transform",
                                transform=(("lossy", None, f"LossyArray<{inner.swift}>()", "[]", [], []), key))
            type_ = Type("adapted", entry[1], target=entry)
            if rng.random() < 0.25:
                type_ = self.optional(type_)
            return Prop(name, type_, attribute="transform", transform=(entry, key))
        type_ = self.make_type(model, 0, allow_self=True)
        return self.attributed(model, name, type_, used)

    def attributed(self, model, name, type_, used, path=True):
        """A property of `type_`, plain or with @JSONKey (with alternates, or a key path) or @JSONIgnored."""
        rng = self.rng
        roll = rng.random()
        if roll < 0.1 and path:
            # A nested key path; the first step is shared with other paths of the model half the time.
            groups = getattr(model, "groups", None) or []
            model.groups = groups
            if not groups or rng.random() < 0.5:
                self.group_counter += 1
                groups.append(f"g{self.group_counter}_{rng.choice(WORDS)}")
                used.add(groups[-1])
            steps = [rng.choice(groups)] + [rng.choice(["in", "deep", "x"]) for _ in range(rng.choice([0, 1]))] + [name]
            alternates = []
            for _ in range(rng.choice([0, 0, 1])):
                self.alternate_counter += 1
                alternates.append(f"alt{self.alternate_counter}_{rng.choice(WORDS)}")
            used.update(alternates)
            return Prop(name, type_, attribute="path", key=".".join(steps), alternates=alternates)
        if roll < 0.28:
            key = f"k_{name}" if rng.random() < 0.5 else self.json_key(name)
            alternates = []
            for _ in range(rng.choice([0, 1, 1, 2, 3])):
                self.alternate_counter += 1
                alternates.append(f"alt{self.alternate_counter}_{rng.choice(WORDS)}")
            used.update([key] + alternates)
            return Prop(name, type_, attribute="key", key=key, alternates=alternates)
        if roll < 0.3:
            return Prop(name, type_, attribute="ignored")
        return Prop(name, type_)

    def storage_free(self, name, used):
        """Whether `name` may be wrapped: its storage `_name` is no other property's name."""
        return "_" + name not in used

    def make_issue19_prop(self, model, name, used):
        """A property-wrapped property (a conformed wrapper over any type, or a Codable one),
        with or without @JSONKey/@JSONIgnored outside it; a plain property whose name starts with `_`;
        or @JSONKey around a value whose type is a wrapper. None when the name cannot be used."""
        rng = self.rng
        roll = rng.random()
        if roll < 0.4:
            if not self.storage_free(name, used):
                return None
            used.add("_" + name)
            prop = self.attributed(model, name, self.wrapped_type(model, 0), used)
            prop.wrapper = rng.choice(WRAPPERS)
            return prop
        if roll < 0.65:
            if not self.storage_free(name, used):
                return None
            used.add("_" + name)
            if rng.random() < 0.3:
                type_, wrapper = Type("scalar", "String", target=("string",)), "Trimmed"
            else:
                swift, target = rng.choice(CODABLE_WRAPPED)
                type_, wrapper = Type("scalar", swift, target=target), "CodableBox"
                roll = rng.random()
                if roll < 0.2:
                    type_ = self.optional(type_)
                elif roll < 0.3:
                    type_ = Type("array", f"[{swift}]", inner=type_)
            prop = self.attributed(model, name, type_, used, path=rng.random() < 0.3)
            prop.wrapper = wrapper
            return prop
        if roll < 0.9:
            # A plain property whose name starts with `_`: it keeps its key `_name`. Its type is never a
            # wrapper (a field `_x` of a type with a stored `wrappedValue` is, by design, a wrapper's storage).
            names = [n for n in UNDERSCORED if n not in used] if rng.random() < 0.5 else []
            if names:
                under = rng.choice(names)
            else:
                under = "_" + self.fresh_name(used)
                if under in used:
                    return None
            used.add(under)
            type_ = self.make_type(model, 0, allow_self=True)
            if type_.kind == "wrapper" or (type_.kind == "optional" and type_.inner.kind == "wrapper"):
                type_ = self.scalar()
            roll = rng.random()
            if roll < 0.15:
                return Prop(under, type_, decl="let")
            if roll < 0.3 and self.storage_free(under, used):
                used.add("_" + under)  # `@Boxed var _x`: storage `__x`, key `_x`
                prop = Prop(under, type_)
                prop.wrapper = rng.choice(WRAPPERS)
                return prop
            return Prop(under, type_)
        # @JSONKey("k") var x = Boxed(wrappedValue: ...), or plain `var x: Boxed<T> = Boxed(wrappedValue: ...)`.
        type_ = self.wrapper_type(model, 0)
        prop = self.attributed(model, name, type_, used)
        return prop

    def wrapped_type(self, model, depth):
        """A type a wrapper may hold: anything, but a model never holds itself but through an optional
        (a class) or an array (a struct)."""
        inner = self.make_type(model, depth + 1, allow_self=False)
        if inner.kind == "model" and inner.target is model:
            if model.kind == "class":
                return self.optional(inner)
            return Type("array", f"[{inner.swift}]", inner=inner)
        return inner

    def wrapper_type(self, model, depth):
        wrapper = self.rng.choice(WRAPPERS)
        inner = self.wrapped_type(model, depth)
        return Type("wrapper", f"{wrapper}<{inner.swift}>", inner=inner, target=wrapper)

    def scalar(self):
        rng = self.rng
        if rng.random() < 0.15:
            return self.foundation()
        roll = rng.random()
        if roll < 0.35:
            name, low, high = rng.choice(INTEGERS)
            return Type("scalar", name, target=("int", low, high))
        if roll < 0.5:
            return Type("scalar", "Double", target=("double",))
        if roll < 0.55:
            return Type("scalar", "Float", target=("float",))
        if roll < 0.7:
            return Type("scalar", "Bool", target=("bool",))
        return Type("scalar", "String", target=("string",))

    def foundation(self):
        name = self.rng.choice(sorted(FOUNDATION))
        return Type("foundation", name, target=name)

    def model_type(self, target):
        return Type("model", target.name, target=target)

    def optional(self, inner):
        return Type("optional", f"{inner.swift}?", inner=inner)

    def make_type(self, model, depth, allow_self):
        """allow_self: a struct may hold itself only inside an array or dictionary; a class anywhere optional."""
        rng = self.rng
        roll = rng.random()
        earlier = [m for m in self.models if m is not model and declarable(m, self.declare_subclasses)]
        if depth < 3 and roll < 0.25:
            inner = self.make_type(model, depth + 1, allow_self=True)
            if inner.kind == "optional" and rng.random() < 0.5:
                inner = inner.inner
            return Type("array", f"[{inner.swift}]", inner=inner)
        if depth < 3 and roll < 0.37:
            inner = self.make_type(model, depth + 1, allow_self=True)
            return Type("dictionary", f"[String: {inner.swift}]", inner=inner)
        if depth < 2 and roll < 0.52:
            inner = self.make_type(model, depth + 1, allow_self=False)
            if inner.kind == "optional":
                return inner
            if inner.kind == "model" and inner.target is model and model.kind == "struct":
                return Type("array", f"[{inner.swift}]", inner=inner)
            return self.optional(inner)
        if roll < 0.72 and (earlier or allow_self):
            itself = (allow_self or model.kind == "class") and declarable(model, self.declare_subclasses)
            candidates = earlier + ([model] if itself else [])
            if not candidates:
                return self.scalar()
            target = rng.choice(candidates)
            if target is model and depth == 0:
                # A model cannot hold itself directly: through an optional (classes) or an array.
                if model.kind == "class" and rng.random() < 0.5:
                    return self.optional(self.model_type(model))
                return Type("array", f"[{model.name}]", inner=self.model_type(model))
            if target is model and model.kind == "struct":
                return Type("array", f"[{model.name}]", inner=self.model_type(model))
            return self.model_type(target)
        if roll < 0.82 and self.enums:
            name, raw, cases = rng.choice(self.enums)
            return Type("enum", name, target=(raw, cases))
        if roll < 0.86:
            return Type("money", "Money")
        if roll < 0.89 and depth < 2:
            return self.wrapper_type(model, depth)
        if roll < 0.95:
            return self.foundation()
        return self.scalar()

    def default(self, type_, owner):
        rng = self.rng
        if type_.kind == "optional":
            return "nil"
        if type_.kind == "array":
            return "[]"
        if type_.kind == "dictionary":
            return "[:]"
        if type_.kind == "enum":
            return "." + type_.target[1][0][0]
        if type_.kind == "model":
            return f"{type_.target.name}()"
        if type_.kind == "money":
            return "Money()"
        if type_.kind == "adapted":
            return type_.target[3]
        if type_.kind == "foundation":
            return rng.choice(FOUNDATION[type_.target][0])
        if type_.kind == "wrapper":
            return f"{type_.target}(wrappedValue: {self.default(type_.inner, owner)})"
        what = type_.target[0]
        if what == "int":
            return str(rng.choice([0, 0, 1, 7]))
        if what in ("double", "float"):
            return rng.choice(["0", "0", "1.5", "-2"])
        if what == "bool":
            return rng.choice(["false", "true"])
        return rng.choice(['""', '""', '"dflt"'])

    def declaration(self, prop, owner):
        """Swift for one property. A wrapped one always has a default, and its wrapper goes
        inside @JSONKey or @JSONIgnored: `@JSONKey("k") @Boxed var x: Int = 0`."""
        t = prop.type
        if prop.decl == "weak":
            return f"weak var {prop.name}: {t.swift}"
        if prop.decl == "lazy":
            return f"lazy var {prop.name}: {t.swift} = {self.default(t, owner)}"
        if prop.decl == "let":
            return f"let {prop.name}: {t.swift} = {self.default(t, owner)}"
        default = self.default(t, owner)
        var = f"@{prop.wrapper} var" if prop.wrapper else "var"
        # `@JSONKey("k") var x: T?` without a default; never for a wrapped property.
        bare = t.kind == "optional" and not prop.wrapper
        if prop.attribute == "transform":
            entry, key = prop.transform
            args = entry[2] + (f', key: "{key}"' if key else "")
            if t.kind == "optional":
                return f"@JSONTransform({args}) var {prop.name}: {t.swift}"
            return f"@JSONTransform({args}) var {prop.name}: {t.swift} = {default}"
        if prop.attribute == "path":
            args = [f'path: "{prop.key}"'] + ([f"alternates: " + ", ".join(f'"{a}"' for a in prop.alternates)]
                                               if prop.alternates else [])
            if bare and self.rng.random() < 0.5:
                return f"@JSONKey({', '.join(args)}) var {prop.name}: {t.swift}"
            return f"@JSONKey({', '.join(args)}) {var} {prop.name}: {t.swift} = {default}"
        if prop.attribute == "ignored":
            if bare and self.rng.random() < 0.5:
                return f"@JSONIgnored var {prop.name}: {t.swift}"
            return f"@JSONIgnored {var} {prop.name}: {t.swift} = {default}"
        if prop.attribute == "key":
            args = [f'"{prop.key}"'] + ([f"alternates: " + ", ".join(f'"{a}"' for a in prop.alternates)]
                                         if prop.alternates else [])
            if bare and self.rng.random() < 0.5:
                return f"@JSONKey({', '.join(args)}) var {prop.name}: {t.swift}"
            return f"@JSONKey({', '.join(args)}) {var} {prop.name}: {t.swift} = {default}"
        return f"{var} {prop.name}: {t.swift} = {default}"

    def swift_declarations(self):
        lines = []
        for name, raw, cases in self.enums:
            lines.append(f"enum {name}: {raw} {{")
            for case, value in cases:
                lines.append(f'    case {case} = "{value}"' if raw == "String" else f"    case {case} = {value}")
            lines.append("}\n")
        for model in self.models:
            if model.kind == "struct":
                lines.append(f"struct {model.name}: Mappable {{")
            elif model.base:
                final = "final " if model.final else ""
                lines.append(f"{final}class {model.name}: {model.base.name} {{")
            elif model.poly:
                type_key, listed = model.poly
                lines.append(f"class {model.name}: JSONPolymorphic {{")
                lines.append(f'    class var typeKey: String {{ "{type_key}" }}')
                entries = ", ".join(f'"{label}": {m.name}.self' for label, m in listed)
                lines.append(f"    class var subtypes: [String: any Mappable.Type] {{ [{entries}] }}")
            else:
                final = "final " if model.final else ""
                lines.append(f"{final}class {model.name}: Mappable {{")
            for prop in model.props:
                lines.append("    " + self.declaration(prop, model))
            if model.kind == "class" and not model.base:
                lines.append("    required init() {}")
            lines.append("}\n")
        return "\n".join(lines)

    # ---- documents (JSON text, written by hand so that keys can repeat and numbers keep their spelling)

    def value(self, type_, depth, noise):
        rng = self.rng
        self.budget -= 1
        if self.budget <= 0 and type_.kind in ("array", "dictionary", "model"):
            return {"array": "[]", "dictionary": "{}", "model": "{}"}[type_.kind]
        if rng.random() < noise:
            return self.wrong(depth)
        kind = type_.kind
        if kind == "optional":
            return "null" if rng.random() < 0.25 else self.value(type_.inner, depth, noise)
        if kind == "array":
            count = 0 if depth > 4 else rng.choice([0, 1, 2, 3, 5] if depth < 2 else [0, 1, 2])
            return "[" + ",".join(self.value(type_.inner, depth + 1, noise) for _ in range(count)) + "]"
        if kind == "dictionary":
            count = 0 if depth > 4 else rng.choice([0, 1, 2, 3] if depth < 2 else [0, 1])
            keys = [rng.choice(STRINGS + ['"k1"', '"k2"', '"k3"']) for _ in range(count)]
            return "{" + ",".join(f"{k}:{self.value(type_.inner, depth + 1, noise)}" for k in keys) + "}"
        if kind == "model":
            if depth > 4:
                return rng.choice(["{}", "null"])
            return self.object(type_.target, depth + 1, noise)
        if kind == "money":
            return rng.choice(MONEY_BAD) if rng.random() < 0.2 else rng.choice(MONEY_GOOD)
        if kind == "adapted":
            good, bad = type_.target[4], type_.target[5]
            return rng.choice(bad) if rng.random() < 0.2 else rng.choice(good)
        if kind == "foundation":
            _, good, bad = FOUNDATION[type_.target]
            return rng.choice(bad) if rng.random() < 0.15 else rng.choice(good)
        if kind == "wrapper":
            return self.value(type_.inner, depth, noise)
        if kind == "enum":
            raw, cases = type_.target
            if rng.random() < 0.1:
                return '"zzz"' if raw == "String" else "99"
            value = rng.choice(cases)[1]
            return f'"{value}"' if raw == "String" else value
        return self.scalar_value(type_.target)

    def scalar_value(self, target):
        rng = self.rng
        what = target[0]
        if what == "int":
            low, high = target[1], target[2]
            return rng.choice([str(rng.randint(max(low, -1000), min(high, 1000))), str(low), str(high),
                               str(high + 1), str(low - 1), "0", "-0", "1.0", "1.5", "1e2", '"12"',
                               "123456789012345678901234567890", str(rng.randint(low, high))])
        if what in ("double", "float"):
            if rng.random() < 0.01:
                return rng.choice(HUGE)
            return rng.choice(DOUBLES + (["1e39", "3.4028235e38"] if what == "float" else []))
        if what == "bool":
            return rng.choice(BOOLS)
        return rng.choice(STRINGS + ["12", "-0.5", "true", '"  padded  "', '" \\t x"'])

    def wrong(self, depth):
        rng = self.rng
        if rng.random() < 0.01:
            return rng.choice(HUGE)
        if rng.random() < 0.03:
            levels = rng.choice([3, 40, 200, 250, 256, 257, 300])
            return "[" * levels + "]" * levels
        return rng.choice(WRONG)

    def object(self, model, depth, noise):
        """A JSON object for `model`; for a polymorphic base, for one of its subtypes (or, now and then,
        with an unknown, missing or non-string discriminator)."""
        rng = self.rng
        discriminator = None
        if model.poly:
            type_key, listed = model.poly
            roll = rng.random()
            if roll < 0.8:
                label, model = rng.choice(listed)
                discriminator = (f'"{type_key}"', f'"{label}"')
            elif roll < 0.9:
                discriminator = (f'"{type_key}"', rng.choice(['"zzz"', "1", "null", '"A"', "[]"]))
        members = []
        paths = {}  # first step of a key path → [(rest of the path, value)]
        for prop in model.all_props():
            keys = [prop.key] + prop.alternates if prop.attribute == "key" else [self.json_key(prop.name)]
            if not prop.read and rng.random() < 0.5:
                continue  # let, weak, lazy and ignored properties: sometimes give them a key anyway
            if rng.random() < 0.1 + noise / 2:
                continue  # missing
            chosen = [keys[0]]
            if len(keys) > 1:
                chosen = rng.sample(keys, rng.randint(1, len(keys)))
            if rng.random() < 0.08:
                chosen.append(rng.choice(chosen))  # a repeated key
            for key in chosen:
                if prop.attribute == "path" and key == prop.key:
                    first, rest = key.split(".", 1)
                    paths.setdefault(first, []).append((rest, self.value(prop.type, depth, noise)))
                else:
                    members.append((f'"{key}"', self.value(prop.type, depth, noise)))
        for first, entries in paths.items():
            members.append((f'"{first}"', self.nested(entries) if rng.random() > noise + 0.03
                            else rng.choice(["3", "null", "[]", '"s"', "{}"])))
        if discriminator:
            members.append(discriminator)
        for _ in range(rng.choice([0, 0, 1, 2])):
            members.append((rng.choice(STRINGS + ['"extra"', f'"{rng.choice(WORDS)}"']), self.wrong(depth)))
        if rng.random() < 0.5:
            rng.shuffle(members)
        space = rng.choice(["", "", " ", "\t ", "\n  "])
        return "{" + space + ("," + space).join(f"{k}:{space}{v}" for k, v in members) + space + "}"

    def nested(self, entries):
        """The objects that key paths lead through, members sharing a step merged into one object."""
        groups, members = {}, []
        for rest, value in entries:
            if "." in rest:
                first, tail = rest.split(".", 1)
                groups.setdefault(first, []).append((tail, value))
            else:
                members.append((f'"{rest}"', value))
        members += [(f'"{first}"', self.nested(group)) for first, group in groups.items()]
        self.rng.shuffle(members)
        return "{" + ",".join(f"{k}:{v}" for k, v in members) + "}"

    def documents(self, model):
        rng = self.rng
        docs = []
        for _ in range(self.documents_per_model):
            self.budget = 120  # values per document, so that a round's file stays small enough to compile quickly
            roll = rng.random()
            noise = rng.choice([0.0, 0.0, 0.03, 0.1, 0.3])
            if roll < 0.06:
                docs.append((rng.choice(["[]", "3", "null", '"s"', "[{}]", "true"]), False))
            elif roll < 0.12:
                text = self.object(model, 0, noise)
                docs.append((text[:rng.randint(0, max(0, len(text) - 1))], True))  # truncated: malformed
            else:
                docs.append((self.object(model, 0, noise), False))
        return docs

    @staticmethod
    def may_be_absent(type_):
        """Whether a written value of this type may be left out: an optional, or a wrapper of one."""
        if type_.kind == "optional":
            return True
        return type_.kind == "wrapper" and Generator.may_be_absent(type_.inner)

    def written_keys(self, model):
        """(required, optional): the keys a default value of `model` is written under (the wrappers' check
        that a wrapper's storage `_x` is written as `x` and a plain `_id` as `_id`)."""
        required, optional = set(), set()
        for prop in model.all_props():
            if not prop.written:
                continue
            if prop.attribute == "key":
                key = prop.key
            elif prop.attribute == "path":
                key = prop.key.split(".", 1)[0]
            elif prop.attribute == "transform" and prop.transform[1]:
                key = prop.transform[1]
            else:
                key = self.json_key(prop.name)
            absent = self.may_be_absent(prop.type) or (prop.wrapper == "CodableBox" and prop.type.kind == "optional")
            (optional if absent else required).add(key)
        poly = model.poly or (model.base.poly if model.base else None)
        if poly:
            optional.add(poly[0])
        return required, optional - required

    def swift_file(self, seed):
        translator = ".snakeCase" if self.snake else ".identity"
        lines = ["// Generated by Fuzz/Shapes/shapefuzz.py, seed %d. Reproduce: shapefuzz.py --seed %d --rounds 1" % (seed, seed),
                 "import Foundation", "import ReflectMap", "", self.swift_declarations(), HARNESS, "",
                 "let mappers: [(String, JSONMapper)] = [",
                 f'    ("lenient", JSONMapper(keyTranslator: {translator}, mode: .lenient, adapters: [MoneyAdapter()])),',
                 f'    ("strict", JSONMapper(keyTranslator: {translator}, mode: .strict, adapters: [MoneyAdapter()])),',
                 "]", "var tally = Tally()"]
        for model in self.models:
            if not declarable(model, self.declare_subclasses):
                continue
            docs = self.documents(model)
            lines.append(f'check({model.name}.self, "{model.name}", [')
            lines += [literal(doc, truncated) for doc, truncated in docs]
            lines.append("], mappers, &tally)")
            required, optional = self.written_keys(model)
            keys = lambda names: "[" + ", ".join(f'###"{k}"###' for k in sorted(names)) + "]"
            lines.append(f'checkKeys({model.name}.self, "{model.name}", required: {keys(required)}, '
                         f'optional: {keys(optional)}, mappers, &tally)')
            if self.rng.random() < 0.3:
                self.budget = 120
                arrays = ["[" + ",".join(self.object(model, 1, 0.05) for _ in range(self.rng.randint(0, 3))) + "]"
                          for _ in range(2)]
                lines.append(f'check([{model.name}].self, "[{model.name}]", [')
                lines += [literal(doc) for doc in arrays]
                lines.append("], mappers, &tally)")
        lines.append(f'print("SUMMARY models={len(self.models)} documents=\\(tally.documents) '
                     f'checks=\\(tally.checks) failures=\\(tally.failures)")')
        lines.append('print("NOTES byteRejections=\\(tally.byteRejections) '
                     'lenientMapped=\\(tally.mapped) lenientClean=\\(tally.clean)")')
        lines.append("if tally.failures > 0 { exit(1) }")
        return "\n".join(lines) + "\n"
