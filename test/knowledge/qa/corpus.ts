/**
 * A small labelled retrieval set: the knowledge base of a fictional outdoor shop, and questions
 * whose answer lives in exactly one document. Some questions use the documents' own words,
 * others paraphrase them, so lexical and vector retrieval each have something to miss.
 */
export const CORPUS: { name: string; text: string }[] = [
  { name: 'returns.md', text: '# Returns\nUnworn items can be returned within 60 days of delivery for a full refund.\n## Refund timing\nRefunds are issued to the original payment method within 5 business days after the parcel reaches our warehouse.' },
  { name: 'shipping.md', text: '# Shipping\nStandard shipping takes 3 to 5 business days and is free on orders over 80 euros.\n## Express\nExpress delivery arrives the next business day when ordered before 14:00 and costs 12 euros.' },
  { name: 'warranty.md', text: '# Warranty\nTents and backpacks carry a lifetime warranty against manufacturing defects.\nDamage from wear and tear, accidents or misuse is not covered.' },
  { name: 'stores.md', text: '# Stores\nOur flagship store in Bergen is open Monday to Saturday from 09:00 to 19:00.\nThe Oslo store closes at 17:00 on Saturdays and is closed on Sundays.' },
  { name: 'loyalty.md', text: '# Loyalty programme\nMembers earn one point per euro spent. 500 points can be exchanged for a 25 euro voucher.\nPoints expire after 24 months without a purchase.' },
  { name: 'repairs.md', text: '# Repair service\nWe repair zippers, seams and tent poles in our workshop. A zipper replacement costs 30 euros and takes about two weeks.' },
  { name: 'sizing.md', text: '# Sizing\nOur hiking boots run half a size small; we recommend ordering half a size up.\nJackets follow standard European sizes.' },
  { name: 'payments.md', text: '# Payments\nWe accept Visa, Mastercard, PayPal and Vipps. Invoices with 14 days to pay are available for orders up to 500 euros.' },
  { name: 'gift-cards.md', text: '# Gift cards\nGift cards are valid for three years from the date of purchase and can be used online and in stores.\nThey cannot be exchanged for cash.' },
  { name: 'rentals.md', text: '# Equipment rental\nTents, sleeping bags and stoves can be rented by the weekend. A two-person tent costs 40 euros per weekend, and a deposit of 100 euros is required.' },
  { name: 'sustainability.md', text: '# Sustainability\nAll our down is certified by the Responsible Down Standard, and 70 percent of our packaging is recycled cardboard.' },
  { name: 'privacy.md', text: '# Privacy\nWe keep order data for five years to meet accounting rules. Customers can ask for their personal data to be deleted at any time by email.' },
];

export const QUESTIONS: { q: string; doc: string }[] = [
  { q: 'How many days do I have to return unworn items?', doc: 'returns.md' },
  { q: 'When will my refund arrive?', doc: 'returns.md' },
  { q: 'Can I send back something I bought last month and get my money back?', doc: 'returns.md' },
  { q: 'Is shipping free?', doc: 'shipping.md' },
  { q: 'How fast is express delivery and what does it cost?', doc: 'shipping.md' },
  { q: 'How long until a normal parcel gets to me?', doc: 'shipping.md' },
  { q: 'Does the warranty cover my tent?', doc: 'warranty.md' },
  { q: 'My backpack broke from a defect, is it guaranteed for life?', doc: 'warranty.md' },
  { q: 'What are the opening hours of the Bergen store?', doc: 'stores.md' },
  { q: 'Is the Oslo shop open on Sunday?', doc: 'stores.md' },
  { q: 'How do loyalty points work?', doc: 'loyalty.md' },
  { q: 'Do my points expire?', doc: 'loyalty.md' },
  { q: 'Can you fix a broken zipper?', doc: 'repairs.md' },
  { q: 'How much is a zipper replacement?', doc: 'repairs.md' },
  { q: 'Should I order hiking boots in my usual size?', doc: 'sizing.md' },
  { q: 'Which payment methods do you accept?', doc: 'payments.md' },
  { q: 'Can I pay by invoice?', doc: 'payments.md' },
  { q: 'How long is a gift card valid?', doc: 'gift-cards.md' },
  { q: 'Can I get cash for my gift card?', doc: 'gift-cards.md' },
  { q: 'Can I rent a tent for the weekend?', doc: 'rentals.md' },
  { q: 'What deposit do rentals need?', doc: 'rentals.md' },
  { q: 'Is your down ethically sourced?', doc: 'sustainability.md' },
  { q: 'How long do you keep my order data?', doc: 'privacy.md' },
  { q: 'How can I have my personal data deleted?', doc: 'privacy.md' },
];
