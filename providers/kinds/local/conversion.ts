// Unit conversions the offline model can answer itself ("Convert 100 degrees Fahrenheit to
// Celsius", "How many feet are in a mile?"), like arithmetic: no document holds the answer, and
// searching a manual for "degrees" would only quote unrelated text. The arithmetic of units is
// `convert-units`'; what is Askflow's is reading the question.
import convert from 'convert-units';

type Unit = convert.Unit;

/** How people write a unit, to the library's name for it and how the answer writes it. A Map: a message's word is looked up in it. */
const UNITS = new Map<string, { unit: Unit; say: string }>();
function units(unit: Unit, say: string, ...words: string[]): void {
  for (const w of words) UNITS.set(w, { unit, say });
}
units('C', '°C', 'celsius', 'centigrade', '°c', 'degrees celsius', 'degree celsius', 'degrees c', 'degrees centigrade');
units('F', '°F', 'fahrenheit', '°f', 'degrees fahrenheit', 'degree fahrenheit', 'degrees f');
units('K', 'K', 'kelvin', 'kelvins', 'degrees kelvin');
units('mm', 'mm', 'mm', 'millimeter', 'millimeters', 'millimetre', 'millimetres');
units('cm', 'cm', 'cm', 'centimeter', 'centimeters', 'centimetre', 'centimetres');
units('m', 'm', 'm', 'meter', 'meters', 'metre', 'metres');
units('km', 'km', 'km', 'kilometer', 'kilometers', 'kilometre', 'kilometres');
units('in', 'in', 'inch', 'inches');
units('ft', 'ft', 'ft', 'foot', 'feet');
units('yd', 'yd', 'yd', 'yard', 'yards');
units('mi', 'mi', 'mi', 'mile', 'miles');
units('g', 'g', 'g', 'gram', 'grams', 'gramme', 'grammes');
units('kg', 'kg', 'kg', 'kilo', 'kilos', 'kilogram', 'kilograms', 'kilogramme', 'kilogrammes');
units('mt', 't', 'tonne', 'tonnes', 'metric ton', 'metric tons');
units('oz', 'oz', 'oz', 'ounce', 'ounces');
units('lb', 'lb', 'lb', 'lbs', 'pound', 'pounds');
units('ml', 'ml', 'ml', 'milliliter', 'milliliters', 'millilitre', 'millilitres');
units('l', 'l', 'l', 'liter', 'liters', 'litre', 'litres');
units('gal', 'gal', 'gal', 'gallon', 'gallons');
units('cup', 'cups', 'cup', 'cups');
units('pnt', 'pints', 'pint', 'pints');
units('km/h', 'km/h', 'km/h', 'kph', 'kmh', 'kilometers per hour', 'kilometres per hour');
units('m/h', 'mph', 'mph', 'miles per hour');

const NUMBER = String.raw`-?\d+(?:\.\d+)?`;
/** One to three words (or symbols): "feet", "degrees fahrenheit", "kilometres per hour", "km/h". */
const UNIT = String.raw`[°a-z/]+(?: [a-z]+){0,2}?`;
const PATTERNS: { pattern: RegExp; value: number; from: number; to: number }[] = [
  // "Convert 100 degrees Fahrenheit to Celsius", "what is 5 km in miles", "10 kg to pounds"
  { pattern: new RegExp(`^(?:(?:convert|change|turn)\\s+|(?:what(?:'s| is)|how much is|how many \\S+(?: \\S+)? (?:is|are))\\s+)?(${NUMBER}) (${UNIT}) (?:to|into|in|as) (${UNIT})$`), value: 1, from: 2, to: 3 },
  // "How many feet are in a mile?", "how many grams in 3 ounces"
  { pattern: new RegExp(`^how many (${UNIT}) (?:are )?(?:there )?in (${NUMBER}|an?|one) (${UNIT})$`), value: 2, from: 3, to: 1 },
];

export interface Conversion {
  value: number;
  from: { unit: Unit; say: string };
  to: { unit: Unit; say: string };
}

/** The conversion a message asks for, between two units of one measure; null when it asks none. */
export function conversionQuestion(message: string): Conversion | null {
  const s = message
    .toLowerCase()
    .trim()
    .replace(/[?!.]+$/, '')
    .replace(/^(?:please |can you |could you )/, '')
    .replace(/(\d),(\d{3})\b/g, '$1$2')
    .replace(/(\d)(?=[°a-z])/g, '$1 ') // "100km" → "100 km", "30°c" → "30 °c"
    .replace(/\s+/g, ' ');
  for (const { pattern, value, from, to } of PATTERNS) {
    const m = pattern.exec(s);
    if (!m) continue;
    const amount = /^(?:an?|one)$/.test(m[value]!) ? 1 : Number(m[value]);
    const a = UNITS.get(m[from]!);
    const b = UNITS.get(m[to]!);
    if (!a || !b || a.unit === b.unit || !Number.isFinite(amount)) continue;
    // Two units of different measures (kilometres to kilograms) are no conversion.
    if (!convert().from(a.unit).possibilities().includes(b.unit)) continue;
    return { value: amount, from: a, to: b };
  }
  return null;
}

/** The answer to a conversion question, e.g. `100 °F = 37.7778 °C.`; null when the message is not one. */
export function answerConversion(message: string): string | null {
  const q = conversionQuestion(message);
  if (!q) return null;
  const result = convert(q.value).from(q.from.unit).to(q.to.unit);
  return `${q.value} ${q.from.say} = ${Number(result.toPrecision(6))} ${q.to.say}.`;
}
