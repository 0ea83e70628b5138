/**
 * The generated material of the multi-session and temporal variants: families of things people mention in
 * passing across sessions, each with sentence templates ({v}: the instance's value, {o}: the other speaker)
 * and a pool of values. Written once, before any measurement; values are checked against each conversation
 * (needles.ts FreshValues) so a value is found only where a needle put it.
 */

const NAMES = [
  "Ingrid",
  "Tobias",
  "Marisol",
  "Dmitri",
  "Anouk",
  "Bartek",
  "Sunniva",
  "Keoni",
  "Thandiwe",
  "Leopold",
  "Yusra",
  "Casimir",
  "Odalys",
  "Florin",
  "Mireille",
  "Teodor",
  "Saoirse",
  "Emeka",
  "Rasmus",
  "Ximena",
];
const CITIES = [
  "Ljubljana",
  "Porto",
  "Tallinn",
  "Valletta",
  "Bergen",
  "Cluj",
  "Ghent",
  "Trieste",
  "Oaxaca",
  "Hobart",
  "Aarhus",
  "Zadar",
  "Salzburg",
  "Bilbao",
  "Gdansk",
  "Kotor",
];
const TITLES = [
  "The Glass Orchard",
  "Salt and Copper",
  "A Map of Small Rivers",
  "The Lantern Keeper",
  "Winter Arithmetic",
  "Paper Harbors",
  "The Quiet Engine",
  "Orchid Theory",
  "Nine Lamps",
  "The Tin Cartographer",
  "Borrowed Weather",
  "The Clockmaker's Daughter",
];
const BANDS = [
  "The Velvet Foxes",
  "Marrow Lane",
  "Kite Season",
  "Static Gardens",
  "Blue Anvil",
  "Hollow Pines",
  "Neon Orchard",
  "The Paper Tigers",
  "Copper Wolves",
  "Saltwater Choir",
];
const DISHES = [
  "mushroom risotto",
  "shakshuka",
  "beef pho",
  "seafood paella",
  "moussaka",
  "pierogi",
  "jollof rice",
  "ratatouille",
  "bibimbap",
  "lamb tagine",
  "pad see ew",
  "gnocchi",
];
const TRAILS = [
  "Eagle Ridge Trail",
  "Copper Canyon Loop",
  "Falcon Point",
  "Misty Hollow Trail",
  "Bramble Creek Path",
  "Granite Notch",
  "Heron Lake Loop",
  "Whistler Bluff",
];
const PLANTS = [
  "monstera",
  "fiddle-leaf fig",
  "calathea",
  "staghorn fern",
  "bonsai juniper",
  "bird of paradise",
  "string of pearls",
  "rubber plant",
];
const PETS = ["Biscuit", "Pickle", "Juniper", "Waffles", "Noodle", "Pepper", "Mochi", "Ziggy", "Clementine"];
const CARS = ["Subaru Outback", "Honda Fit", "Volvo wagon", "Mazda Miata", "Toyota Prius", "Jeep Wrangler"];
const CERTS = ["first aid", "scuba diving", "food safety", "lifeguard", "forklift", "beekeeping"];
const CLASSES = ["ceramics", "salsa", "woodworking", "bouldering", "sign language", "watercolor", "improv"];

export interface Family {
  /** Question templates ({s}: the speaker). */
  ask: string[];
  /** What the speaker says, one instance per session. */
  say: string[];
  /** A follow-up exchange about the same topic (no new value): {o} asks, {s} answers. */
  follow: [string, string];
  pool: string[];
}

/** Multi-session: how many / which of something, one mention per session. */
export const AGGREGATE: Family[] = [
  {
    ask: ["How many weddings did {s} go to?", "Whose weddings did {s} attend?"],
    say: [
      "I went to my friend {v}'s wedding over the weekend, what a party!",
      "Just got back from {v}'s wedding, they finally tied the knot.",
      "My cousin {v} got married on Saturday; the wedding was by a lake.",
    ],
    follow: [
      "How was the wedding?",
      "The wedding was lovely, great food and dancing; weddings always get me.",
    ],
    pool: NAMES,
  },
  {
    ask: ["Which cities did {s} visit on trips?", "How many trips did {s} take, and where to?"],
    say: [
      "I took a short trip to {v} last week, the old town was gorgeous.",
      "Back from a trip to {v}! Walked everywhere.",
      "We spent a long weekend in {v}, a great little trip.",
    ],
    follow: ["How was the trip?", "The trip was great, though the trip back took forever."],
    pool: CITIES,
  },
  {
    ask: ["Which books has {s} finished reading?", "How many books did {s} read?"],
    say: [
      "I just finished reading {v}, what a book.",
      "Finally done with the book {v}; couldn't put it down.",
      "Last night I finished {v}, a really good book.",
    ],
    follow: ["Would you recommend the book?", "Yes, the book is worth it; I read the last chapters twice."],
    pool: TITLES,
  },
  {
    ask: ["Which bands did {s} see in concert?", "How many concerts did {s} go to?"],
    say: [
      "I saw {v} in concert on Friday, so loud!",
      "Went to a {v} concert last night.",
      "Caught {v} live in concert downtown, amazing show.",
    ],
    follow: ["How was the concert?", "The concert was electric, my ears rang for a day after the concert."],
    pool: BANDS,
  },
  {
    ask: ["What new dishes has {s} cooked?", "How many new recipes did {s} try cooking?"],
    say: [
      "I cooked {v} for the first time tonight, a new recipe for me.",
      "Tried a new recipe this week: {v}. Turned out well!",
      "Made {v} from a new recipe, cooking it took hours.",
    ],
    follow: ["Was the recipe hard?", "The recipe was tricky, cooking it twice helped."],
    pool: DISHES,
  },
  {
    ask: ["Which trails has {s} hiked?", "How many hikes did {s} do?"],
    say: [
      "I hiked the {v} on Sunday, a steep hike.",
      "We did a hike up {v}, the views were unreal.",
      "Spent the morning on a hike at {v}.",
    ],
    follow: ["How long was the hike?", "The hike was about four hours, my legs still feel the hike."],
    pool: TRAILS,
  },
  {
    ask: ["Which house plants did {s} buy?", "How many plants has {s} bought?"],
    say: [
      "I bought a {v} for the living room, a new plant!",
      "Picked up a {v} at the plant market today.",
      "Added a {v} to my plant collection.",
    ],
    follow: ["Is the plant doing well?", "The plant seems happy, I water the plants on Sundays."],
    pool: PLANTS,
  },
  {
    ask: ["Which classes has {s} taken?", "How many classes did {s} sign up for?"],
    say: [
      "I started a {v} class on Tuesday evenings.",
      "Signed up for a {v} class at the community center.",
      "My first {v} class was today, what a fun class.",
    ],
    follow: ["How was the class?", "The class was fun, the teacher of the class is great."],
    pool: CLASSES,
  },
];

/** Temporal: one-off events told with a relative date ("two weeks ago I …"). */
export interface Event {
  /** What the speaker did, past tense ({v}: its value). */
  did: string;
  /** The same as asked: "When did {s} …?". */
  ask: string;
  pool: string[];
}

export const EVENTS: Event[] = [
  { did: "adopted a rescue dog named {v}", ask: "adopt a rescue dog", pool: PETS },
  { did: "bought a used {v}", ask: "buy a used car", pool: CARS },
  { did: "got my {v} certificate", ask: "get a certificate", pool: CERTS },
  { did: "saw {v} play live", ask: "see a band play live", pool: BANDS },
  { did: "planted a {v} in the garden", ask: "plant something in the garden", pool: PLANTS },
  { did: "took a day trip to {v}", ask: "take a day trip", pool: CITIES },
  { did: "cooked {v} for my neighbours", ask: "cook for the neighbours", pool: DISHES },
  { did: "hiked {v} at sunrise", ask: "go on a sunrise hike", pool: TRAILS },
  { did: "went to my first {v} workshop", ask: "go to a workshop", pool: CLASSES },
  { did: "met my old classmate {v} for lunch", ask: "meet an old classmate for lunch", pool: NAMES },
];

/** Relative dates as people say them, with how many days before the session they point to. */
export const RELATIVE: { say: string; days: number }[] = [
  { say: "yesterday", days: 1 },
  { say: "the day before yesterday", days: 2 },
  { say: "three days ago", days: 3 },
  { say: "four days ago", days: 4 },
  { say: "five days ago", days: 5 },
  { say: "a week ago", days: 7 },
  { say: "ten days ago", days: 10 },
  { say: "two weeks ago", days: 14 },
  { say: "three weeks ago", days: 21 },
];
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
