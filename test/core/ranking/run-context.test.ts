import { describe, expect, it } from 'vitest';
import { listingSchema, type ListingInput } from '../../../src/core/listings/listing.ts';
import { NeedIndex } from '../../../src/core/ranking/need-index.ts';
import { narrowerReadings, readNeedText } from '../../../src/core/ranking/run-context.ts';

describe('reading a need without its run context', () => {
  it('leaves out phrases that only say where and how the call runs, and the asking around the need', () => {
    expect(readNeedText('I want my script to search for books by title or isbn from a serverless function').text).toBe('to search for books by title or isbn');
    expect(readNeedText('what should I use to get song lyrics with a token read from env').text).toBe('what should i use to get song lyrics');
    expect(readNeedText('broadcast live updates to many subscribers with presence inside a shell script').text).toBe('broadcast live updates to many subscribers with presence');
    expect(readNeedText('list the issues of a repository from a GitHub Actions workflow').text).toBe('list the issues of a repository');
  });

  it('keeps phrases that say what the need is, even when they hold a run-context word, and demotes that word', () => {
    const read = readNeedText('get prices of a crypto token for my Python cron job');
    expect(read.text).toBe('get prices of a crypto token');
    expect([...read.demoted]).toEqual(['token']);
    // "GitHub" alone is an API people need; only "GitHub Actions" is a place code runs.
    expect(readNeedText('list stars of repositories from github').text).toBe('list stars of repositories from github');
  });

  it('keeps a headless browser, which is a product to rent, while "headless" alone and "browser login" stay run context', () => {
    const read = readNeedText('browse a website with a headless browser');
    expect(read.text).toBe('browse a website with a headless browser');
    expect(read.demoted.size).toBe(0);
    expect(readNeedText('scrape prices without a browser login').text).toBe('scrape prices');
    expect(readNeedText('fetch the weather, run headless').demoted).toContain('headless');
  });

  it('reads an act the need comes before or after, trailing it, as when it runs ("before planning a trip")', () => {
    expect(readNeedText('look up the weather before planning a trip').text).toBe('look up the weather');
    expect(readNeedText('resize images after uploading them to s3').text).toBe('resize images to s3');
    expect(readNeedText('before and after photos of a renovation').text).toBe('before and after photos of a renovation');
    expect(readNeedText('before and after photos of a renovation').demoted.size).toBe(0);
    // So does a noun that names an act: "before signup", "after checkout".
    expect(readNeedText('check if an email address is valid before signup').text).toBe('check if an email address is valid');
    expect(readNeedText('send a receipt after checkout').text).toBe('send a receipt');
  });

  it('reads an assistant named by its brand (Claude, ChatGPT) as an LLM: who calls, unless the need is done with it', () => {
    expect(readNeedText('give claude access to my github repos').demoted).toContain('claud');
    expect(readNeedText('summarize text with claude').demoted).not.toContain('claud');
  });

  it('reads a free tier and a please as the asking around the need, not the need', () => {
    const read = readNeedText('For my Discord bot I need random anime quotes, free tier please');
    expect(read.demoted).toEqual(new Set(['bot', 'free', 'tier', 'freetier', 'pleas', 'tierpleas']));
  });

  it('keeps what a need gives access to, though the word is run context elsewhere ("access to a browser")', () => {
    const read = readNeedText('give my llm access to a browser');
    expect(read.text).toContain('browser');
    expect(read.demoted).not.toContain('browser');
    expect(read.demoted).toContain('llm');
    expect(readNeedText('scrape prices from a browser').text).toBe('scrape prices');
  });

  it('keeps a model the need is done with ("with an LLM"), while "my LLM tool" stays run context', () => {
    const read = readNeedText('summarize text with an llm');
    expect(read.text).toBe('summarize text with an llm');
    expect(read.demoted).not.toContain('llm');
    expect(readNeedText('translate documents using GPT').demoted).not.toContain('gpt');
    expect(readNeedText('give my llm tool the intro paragraph of an article').demoted).toContain('llm');
  });

  it('reads infrastructure a need provisions as asked for, past one word that describes it ("spin up a Linux VM")', () => {
    expect(readNeedText('spin up a linux vm for integration tests').demoted).not.toContain('vm');
    expect(readNeedText('spin up a vm').demoted).not.toContain('vm');
    // Where the call runs, it is still run context.
    expect(readNeedText('send an email from my vm').text).toBe('send an email');
  });

  it('reads a bot as who calls, like an agent, unless the need is about bots ("stop spam bots", "detect bots")', () => {
    expect(readNeedText("my fitness coach bot needs the user's daily step counts").demoted).toContain('bot');
    expect(readNeedText('stop spam bots from submitting my contact form').demoted).not.toContain('bot');
    expect(readNeedText('detect bots on my website').demoted).not.toContain('bot');
  });

  it('reads a short lead-in before a colon that names where the call runs as run context, every word of it', () => {
    const read = readNeedText('irrigation cron job: will it rain here within the next hour');
    expect(read.demoted).toContain('irrig');
    expect(readNeedText('GitHub Actions step: newest published version of a Node package').demoted).toContain('step');
    expect(readNeedText('in a podcast pipeline, turn written articles into spoken audio').demoted).toContain('podcast');
    // Before a comma, only a phrase of setting ("in …", "from …") is a lead-in: "podcasts, episodes from a script" is the need.
    expect(readNeedText('podcast episodes, from a script').demoted).not.toContain('podcast');
    // A lead-in that names no place code runs is part of the need: "Weather: rain in the next hour".
    expect(readNeedText('weather alerts: storms near my city').demoted.size).toBe(0);
  });

  it('reads what follows "from" after a hindering verb as the act hindered, not what the need is about', () => {
    const read = readNeedText('stop spam bots from submitting my contact form');
    expect([...read.hindered].sort()).toEqual(['contact', 'form', 'submit']);
    expect(read.text).toBe('stop spam bots from submitting my contact form');
    expect(readNeedText('prevent fraudsters from opening accounts').hindered).toContain('open');
    // Where "from" names a source or the threat, it is the need's own: nothing is hindered.
    expect(readNeedText('fetch database passwords from a secrets store').hindered.size).toBe(0);
    expect(readNeedText('protect my api from abuse').hindered.size).toBe(0);
    // A word the rest of the need names too stays whole: "block forms from submitting forms twice".
    expect(readNeedText('block spam forms from submitting forms twice').hindered).not.toContain('form');
  });

  it('reads a past participle before what it describes as what the need is given', () => {
    expect(readNeedText('make thumbnails of user-uploaded photos').payload).toContain('upload');
    expect(readNeedText('the newest published version of a package').payload).toContain('publish');
    // Not a phrase's first word, not a word that only ends in "ed", not a word the need also names.
    expect(readNeedText('uploaded files to text').payload.size).toBe(0);
    expect(readNeedText('a tool to embed documents').payload.size).toBe(0);
    expect(readNeedText('list published packages and who published them').payload).not.toContain('publish');
  });

  it('reads a model that ends its phrase as what the need asks for, and one that names a tool or agent as where the call runs', () => {
    expect(readNeedText('fine-tune an llm on support tickets').demoted).not.toContain('llm');
    expect(readNeedText('call gpt 4 from my backend').demoted).not.toContain('gpt');
    expect(readNeedText('my llm agent needs papers on a topic').demoted).toContain('llm');
    expect(readNeedText('give my llm tool the intro of an article').demoted).toContain('llm');
  });

  it('reads a weekly or monthly job as when the call runs', () => {
    const read = readNeedText('in the weekly settlement job, pay marketplace sellers into their bank accounts');
    expect(read.demoted).toContain('settlement');
    expect(read.demoted).toContain('weekli');
    expect(read.demoted).not.toContain('seller');
  });

  it('reads infrastructure a need runs, schedules or sets up as what it asks for, and as run context elsewhere', () => {
    expect(readNeedText('run a container on demand').demoted).not.toContain('contain');
    expect(readNeedText('schedule a cron job in the cloud').demoted.size).toBe(0);
    expect(readNeedText('spin up a vm').demoted).not.toContain('vm');
    expect(readNeedText('set up a cron job').demoted.size).toBe(0);
    // Where the call runs, it is run context still; so is a language a script is run in.
    expect(readNeedText('from a cron job, send a daily report by email').demoted).toContain('cron');
    expect(readNeedText('send sms from a docker container').text).toBe('send sms');
    expect(readNeedText('run a python script that fetches stock prices').demoted).toContain('python');
  });

  it('reads the words of a hyphened participle as describing what follows it', () => {
    expect([...readNeedText('moderate user-generated images').describing].sort()).toEqual(['generated', 'user']);
    expect([...readNeedText('detect AI-generated text in essays').describing].sort()).toEqual(['ai', 'generated']);
    // Not a participle, or not hyphened: nothing.
    expect(readNeedText('a high-speed link').describing.size).toBe(0);
    expect(readNeedText('generate images from a prompt').describing.size).toBe(0);
  });

  it('reads what a fixed act is given as its payload, not what the need is about', () => {
    // What it is put into ("into german", "to french") is a setting of the act, as the payload is.
    expect([...readNeedText('translate product descriptions into german').payload].sort()).toEqual(['descript', 'german', 'product']);
    expect([...readNeedText('translate a paragraph from english to german').payload].sort()).toEqual(['english', 'german', 'paragraph']);
    // A "from" phrase right after it says where the payload comes from.
    expect([...readNeedText('transcribe voice notes from whatsapp').payload].sort()).toEqual(['note', 'voic', 'whatsapp']);
    // "Convert" is no fixed act: what is converted decides the act.
    expect(readNeedText('convert uploaded videos into mp4').payload).not.toContain('video');
    // A word the rest of the need names too stays whole.
    expect(readNeedText('summarize news articles for a news site').payload).not.toContain('news');
    expect(readNeedText('send product descriptions by email').payload.size).toBe(0);
  });

  it('reads a possessor as where the need is placed, unless what it owns is a bare word for what is known of it', () => {
    expect(readNeedText("pull a customer's checking-account balance").demoted).toContain('customer');
    expect(readNeedText("look up a company's details by domain").demoted).not.toContain('compani');
    expect(readNeedText("get a user's profile").demoted.size).toBe(0);
    // The word owned is looked at, not taken: a possessor it is itself still counts ("an account's").
    expect([...readNeedText("pull a customer's account's balance").demoted].sort()).toEqual(['account', 'customer']);
  });

  it('weighs a quotation given as an example as what the need is given, unless the need names its words outside it too', () => {
    const { payload } = readNeedText("edit a photo by describing the change in words, like 'make the sky a sunset'");
    expect([...payload].sort()).toEqual(['sky', 'sunset']);
    expect([...readNeedText('send a reminder SMS saying "your table is ready"').payload].sort()).toEqual(['readi', 'tabl']);
    expect([...readNeedText('find news about topics such as "electric cars" and electric car sales').payload]).toEqual([]);
    // A quotation that names the thing asked for is the need.
    expect(readNeedText("add 'Sign in with Google' and GitHub login to our web app").payload.size).toBe(0);
    // An apostrophe inside a word opens no quotation.
    expect(readNeedText("deactivate a departing employee's account in our company's directory").payload.size).toBe(0);
  });

  it('reads an isolated sandbox as the need, not as where the call runs', () => {
    expect(readNeedText('run untrusted snippets in an isolated sandbox').demoted).not.toContain('sandbox');
    expect(readNeedText('create a charge from the sandbox').text).not.toContain('sandbox');
  });

  it('reads browser push notifications as the need, not as where the call runs', () => {
    expect(readNeedText('show browser push notifications to visitors who opted in').demoted).not.toContain('browser');
    expect(readNeedText('call the weather API from the browser').text).not.toContain('browser');
  });

  it('reads opening or business hours as the need, not as when it runs', () => {
    expect(readNeedText('opening hours and phone number of a business').demoted).not.toContain('hour');
    expect(readNeedText('from an hourly job, list new orders').demoted).toContain('hourli');
  });

  it('keeps a need made of nothing but run context whole', () => {
    expect(readNeedText('a command line tool').text).toBe('a command line tool');
    expect(readNeedText('from a shell script').text).toBe('from a shell script');
    // What it does without is a constraint, not a need: "call an endpoint on a schedule" is still the need.
    expect(readNeedText('call our HTTP endpoint hourly on a schedule without running our own server').text).toBe('call our HTTP endpoint hourly on a schedule without running our own server');
    expect(readNeedText('resize images without running our own server').text).toBe('resize images without running our own server');
    expect(readNeedText('resize images from a cron job').text).not.toContain('cron');
  });

  it('offers shorter readings, longest first, keeping at least half of the telling words', () => {
    // Phrases: "turn a street address" | "into latitude and longitude triggered" | "by a webhook".
    expect(narrowerReadings('turn a street address into latitude and longitude triggered by a webhook')).toEqual([
      'turn a street address into latitude and longitude triggered',
      'into latitude and longitude triggered by a webhook',
    ]);
    expect(narrowerReadings('make me a sandwich')).toEqual([]);
  });
});

describe('ranking needs phrased by agents', () => {
  const listings: ListingInput[] = [
    { slug: 'open-library', name: 'Open Library', description: 'Search books by title, author or ISBN', category: 'Books', capabilities: ['search books'] },
    { slug: 'github', name: 'GitHub', description: 'Repositories, issues and GitHub Actions workflows', category: 'Development', capabilities: ['manage repositories'] },
    { slug: 'token-prices', name: 'Token Prices', description: 'Crypto token prices', category: 'Cryptocurrency', capabilities: ['token prices'] },
    { slug: 'env-vault', name: 'Env Vault', description: 'Store environment variables and secrets for scripts', category: 'Development', capabilities: ['secrets'] },
  ].map((fields) => listingSchema.parse({ pricingTier: 'Free', ...fields }));
  const index = new NeedIndex();
  for (const listing of listings) {
    index.add({ slug: listing.slug, category: listing.category, fields: { name: listing.name, description: listing.description, category: listing.category, subcategory: '', capabilities: (listing.capabilities ?? []).join('. ') } });
  }
  const top = (need: string) => index.search(need, { limit: 5 }).hits.map((hit) => hit.slug);

  it('ranks the same listing first with or without the lead-in and the context', () => {
    expect(top('search books by title or isbn')[0]).toBe('open-library');
    expect(top('I want my script to search books by title or isbn from a GitHub Actions workflow with a token read from env')).toEqual(['open-library']);
  });

  it('does not hold a run-context word against a listing that lacks it', () => {
    const [hit] = index.search('search books by isbn from my node script', { limit: 1 }).hits;
    expect(hit).toMatchObject({ slug: 'open-library', coverage: 1 });
  });
});
