/**
 * Moodle's calculated-question formulas (qtype_calculated: `{A} * pow({B}, 2)`), evaluated at
 * fixed values when a calculated question is imported. A small recursive-descent evaluator over
 * numbers only: no identifiers other than the functions Moodle allows, no property access, no
 * code. The syntax follows Moodle's (PHP's): `+ - * / %` (`%` is PHP's integer remainder),
 * `**` and `^` for powers (right-associative, binding tighter than a unary minus), parentheses,
 * and the functions listed in FUNCTIONS; `{name}` is a dataset variable.
 */

/** Why a formula could not be evaluated: `message` is the English reason (it goes into the import report). */
export class FormulaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FormulaError';
  }
}

type Fn = { arity: [min: number, max: number]; apply: (...args: number[]) => number };

/** PHP's round(): half away from zero, with an optional number of decimals (negative: tens, hundreds …). */
function phpRound(x: number, precision = 0): number {
  const p = Math.trunc(precision);
  const f = 10 ** p;
  const scaled = Math.abs(x) * f;
  // A little slack so that 1.005 * 100 = 100.49999… still rounds up, as PHP's pre-rounding does.
  const r = Math.floor(scaled + 0.5 + 1e-9 * Math.max(1, scaled));
  return (Math.sign(x) * r) / f;
}

const one = (apply: (x: number) => number): Fn => ({ arity: [1, 1], apply: (x) => apply(x!) });
const two = (apply: (x: number, y: number) => number): Fn => ({ arity: [2, 2], apply: (x, y) => apply(x!, y!) });

/** The functions Moodle accepts in a formula (qtype_calculated_find_formula_errors). */
const FUNCTIONS: Record<string, Fn> = {
  abs: one(Math.abs),
  acos: one(Math.acos),
  acosh: one(Math.acosh),
  asin: one(Math.asin),
  asinh: one(Math.asinh),
  atan: one(Math.atan),
  atanh: one(Math.atanh),
  ceil: one(Math.ceil),
  cos: one(Math.cos),
  cosh: one(Math.cosh),
  deg2rad: one((x) => (x * Math.PI) / 180),
  exp: one(Math.exp),
  expm1: one(Math.expm1),
  floor: one(Math.floor),
  is_finite: one((x) => (Number.isFinite(x) ? 1 : 0)),
  is_infinite: one((x) => (x === Infinity || x === -Infinity ? 1 : 0)),
  is_nan: one((x) => (Number.isNaN(x) ? 1 : 0)),
  log10: one(Math.log10),
  log1p: one(Math.log1p),
  rad2deg: one((x) => (x * 180) / Math.PI),
  sin: one(Math.sin),
  sinh: one(Math.sinh),
  sqrt: one(Math.sqrt),
  tan: one(Math.tan),
  tanh: one(Math.tanh),
  // PHP's decbin / decoct answer the digits as a string, which arithmetic reads back as a decimal number.
  decbin: one((x) => Number(Math.trunc(x).toString(2))),
  decoct: one((x) => Number(Math.trunc(x).toString(8))),
  bindec: one((x) => parseInt(String(Math.trunc(x)), 2)),
  octdec: one((x) => parseInt(String(Math.trunc(x)), 8)),
  atan2: two(Math.atan2),
  fmod: two((x, y) => x % y),
  pow: two((x, y) => x ** y),
  log: { arity: [1, 2], apply: (x, base) => (base === undefined ? Math.log(x!) : Math.log(x!) / Math.log(base)) },
  round: { arity: [1, 2], apply: (x, precision) => phpRound(x!, precision ?? 0) },
  min: { arity: [1, 50], apply: (...xs) => Math.min(...xs) },
  max: { arity: [1, 50], apply: (...xs) => Math.max(...xs) },
  pi: { arity: [0, 0], apply: () => Math.PI },
};

type Token = { kind: 'num'; value: number } | { kind: 'name'; value: string } | { kind: 'op'; value: string };

const MAX_FORMULA = 2000;

function tokenize(formula: string): Token[] {
  const tokens: Token[] = [];
  const re = /\s*(?:(\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|([a-z_][a-z0-9_]*)|(\*\*|[-+*/%^(),]))/iy;
  let at = 0;
  while (at < formula.length) {
    if (/^\s*$/.test(formula.slice(at))) break;
    re.lastIndex = at;
    const m = re.exec(formula);
    if (!m) throw new FormulaError(`unexpected "${formula.slice(at).trim().slice(0, 10)}" in the formula`);
    if (m[1] !== undefined) tokens.push({ kind: 'num', value: Number(m[1]) });
    else if (m[2] !== undefined) tokens.push({ kind: 'name', value: m[2].toLowerCase() });
    else tokens.push({ kind: 'op', value: m[3]! });
    at = re.lastIndex;
  }
  return tokens;
}

/**
 * The value of `formula` with each `{name}` replaced by `values[name]`. Throws FormulaError for
 * an unknown variable or function, a syntax error, or a result that is not a finite number.
 */
export function evaluateFormula(formula: string, values: Readonly<Record<string, number>>): number {
  if (formula.length > MAX_FORMULA) throw new FormulaError('the formula is too long');
  const substituted = formula.replace(/\{([^{}]*)\}/g, (_whole, name: string) => {
    const value = values[name.trim()];
    if (value === undefined) throw new FormulaError(`the formula uses {${name}}, which has no value`);
    return `(${String(value)})`;
  });
  const tokens = tokenize(substituted);
  let i = 0;
  const peek = () => tokens[i];
  const isOp = (value: string) => peek()?.kind === 'op' && peek()!.value === value;
  const expect = (value: string) => {
    if (!isOp(value)) throw new FormulaError(`"${value}" expected in the formula`);
    i += 1;
  };

  // expression := term (('+' | '-') term)*
  function expression(): number {
    let v = term();
    while (isOp('+') || isOp('-')) {
      const op = tokens[i++]!.value;
      const r = term();
      v = op === '+' ? v + r : v - r;
    }
    return v;
  }
  // term := unary (('*' | '/' | '%') unary)*
  function term(): number {
    let v = unary();
    while (isOp('*') || isOp('/') || isOp('%')) {
      const op = tokens[i++]!.value;
      const r = unary();
      if (op === '*') v *= r;
      else if (op === '/') {
        if (r === 0) throw new FormulaError('division by zero in the formula');
        v /= r;
      } else {
        // PHP's %: both sides truncated to integers, the sign of the left one.
        const d = Math.trunc(r);
        if (d === 0) throw new FormulaError('modulo by zero in the formula');
        v = Math.trunc(v) % d;
      }
    }
    return v;
  }
  // unary := ('-' | '+') unary | power
  function unary(): number {
    if (isOp('-')) {
      i += 1;
      return -unary();
    }
    if (isOp('+')) {
      i += 1;
      return unary();
    }
    return power();
  }
  // power := primary (('**' | '^') unary)?   (right-associative; -2**2 = -4 as in PHP)
  function power(): number {
    const base = primary();
    if (isOp('**') || isOp('^')) {
      i += 1;
      return base ** unary();
    }
    return base;
  }
  // primary := number | '(' expression ')' | name '(' args ')'
  function primary(): number {
    const t = peek();
    if (!t) throw new FormulaError('the formula ends too early');
    if (t.kind === 'num') {
      i += 1;
      return t.value;
    }
    if (t.kind === 'op' && t.value === '(') {
      i += 1;
      const v = expression();
      expect(')');
      return v;
    }
    if (t.kind === 'name') {
      // Own names only: `constructor`, `__proto__` … of Object.prototype are no function of Moodle's.
      const fn = Object.hasOwn(FUNCTIONS, t.value) ? FUNCTIONS[t.value] : undefined;
      if (!fn) throw new FormulaError(`the formula uses "${t.value}", which is not one of Moodle's functions`);
      i += 1;
      expect('(');
      const args: number[] = [];
      if (!isOp(')')) {
        args.push(expression());
        while (isOp(',')) {
          i += 1;
          args.push(expression());
        }
      }
      expect(')');
      if (args.length < fn.arity[0] || args.length > fn.arity[1]) throw new FormulaError(`${t.value}() takes ${fn.arity.join(' to ')} arguments`);
      return fn.apply(...args);
    }
    throw new FormulaError(`unexpected "${t.value}" in the formula`);
  }

  if (tokens.length === 0) throw new FormulaError('the formula is empty');
  const result = expression();
  if (i < tokens.length) throw new FormulaError(`unexpected "${String(tokens[i]!.value)}" in the formula`);
  if (!Number.isFinite(result)) throw new FormulaError('the formula has no finite value');
  return result;
}

/** A computed number as a person would write it: at most 12 significant digits, no float noise (0.1 + 0.2 → "0.3"). */
export function formatNumber(x: number): string {
  return String(Number(x.toPrecision(12)));
}

/** PHP's string form of a float (precision 14), for the digits format_float writes. */
const phpString = (x: number) => String(Number(x.toPrecision(14)));

/**
 * A computed value as Moodle shows it in a calculated multichoice option, with the answer's
 * "correct answer shows" setting (qtype_calculated_variable_substituter::format_float): `length`
 * decimals (format 1), or `length` significant figures (format 2: plain from 0.001 up to
 * 99999, else scientific such as `1.2e-5`). Without a setting, formatNumber.
 */
export function formatMoodleFloat(x: number, length: number | null, format: number | null): string {
  if (length === null || format === null || !Number.isFinite(x)) return formatNumber(x);
  const n = Math.max(0, Math.min(Math.trunc(length), 20));
  if (format === 1) return x.toFixed(n);
  if (x === 0) return '0';
  const sign = x < 0 ? '-' : '';
  // The value as 0.d1d2… × 10^p10, rounded to n digits.
  let mantissa = Math.abs(x);
  let p10 = 0;
  while (mantissa < 1) {
    p10--;
    mantissa *= 10;
  }
  while (mantissa >= 1) {
    p10++;
    mantissa /= 10;
  }
  mantissa = phpRound(mantissa, n);
  if (mantissa >= 1) {
    p10++;
    mantissa /= 10;
  }
  const zeros = '0'.repeat(40);
  if (p10 < -2 || p10 > 4) {
    const digits = phpString(mantissa * 10);
    if (n === 1) return `${sign}${digits}e${p10 - 1}`;
    return `${sign}${(digits + (digits.length === 1 ? '.' : '') + zeros).slice(0, n + 1)}e${p10 - 1}`;
  }
  const value = mantissa * 10 ** p10;
  const digits = phpString(value);
  if (value / 10 ** n >= 0.1) return sign + digits;
  return sign + (digits + (/^[0-9]*$/.test(digits) ? '.' : '') + zeros).slice(0, n + (p10 < 1 ? 2 - p10 : 1));
}

/** Moodle's `{=expression}` in a question text: its body may hold `{name}` variables, but no other braces. */
const EXPRESSION_IN_TEXT = /\{=([^{}]*(?:\{[^{}]+\}[^{}]*)*)\}/g;

/**
 * A calculated question's text at fixed values: each `{=expression}` replaced by its value
 * (written by `format`) and each `{name}` of a known variable by the variable's value (other
 * braces stay). An expression that cannot be evaluated stays as written and its reason is added
 * to `problems`.
 */
export function substituteFormulaText(
  text: string,
  values: Readonly<Record<string, number>>,
  shown: Readonly<Record<string, string>>,
  problems: string[] = [],
  format: (x: number) => string = formatNumber,
): string {
  const withExpressions = text.replace(EXPRESSION_IN_TEXT, (whole, body: string) => {
    try {
      return format(evaluateFormula(body, values));
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
      return whole;
    }
  });
  return withExpressions.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => shown[name] ?? whole);
}
