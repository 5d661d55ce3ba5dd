/**
 * The need-to-capability vocabulary: what APIs do, each capability with the words people and
 * listings use for it. A need and a listing that name the same capability in different words
 * meet here ("turn an address into coordinates" and "Forward geocoding" both name geocoding).
 *
 * It is written per domain of programmable APIs (the public-apis categories and the seed's),
 * never per query: every entry must read as a general fact about how a capability is named.
 * One line per capability: `label: phrase, phrase, …`. Phrases are matched on stemmed words
 * with stop words removed, so "exchange rates" also matches "exchange rate".
 *
 * Phrases after `; in needs only:` name a value the capability turns something into, which any
 * API about the same things takes or returns as well: a need asking for "latitude and longitude"
 * wants geocoding, but a listing giving "sunrise times for a latitude and longitude" is not a
 * geocoder. A need names the capability by them; a listing does not.
 */
const VOCABULARY = `
real-time messaging: real-time notifications, real-time messaging, realtime messaging, live notifications, in-app notifications, browser clients, web clients, websocket, websockets, socket, live updates, live update, push messages, pub sub, pubsub, publish subscribe, channels, broadcast, presence, server sent events, browser tabs, open browser tabs
push notifications: push notification, push notifications, notifications, notify, notification, alerts to users, in-app messaging, cloud messaging, fcm, apns
web push: web push, web push notifications, browser push, browser push notifications, browser notifications, push to browsers, desktop notifications
email sending: send email, transactional email, email delivery, smtp, mailing, newsletter, email marketing, mail api, inbox, mailbox, mailboxes; in needs only: confirmation emails, confirmation email
inbound email: inbound email, inbound emails, incoming email, incoming emails, receive email, receive emails, receiving email, parse email, parse emails, email parsing, inbound parse, inbound routing, mail routing, email to webhook
mailing lists: mailing list, mailing lists, email list, email lists, newsletter subscribers, subscriber list, email subscribers, audience members, contact list, contact lists
email validation: email validation, validate email, email verification, verify email, email checker, disposable email, email address validation; in needs only: email address is real, email is real, real email address, email address is deliverable, deliverable email, can receive mail, valid email, valid email address, valid email addresses, email is valid, email address is valid, invalid email, invalid emails, invalid email address, invalid email addresses
inbound messages: receive sms, receive sms messages, inbound sms, incoming sms, inbound messages, incoming messages, inbound text messages, incoming text messages, sms replies, message replies, text message replies, two-way sms, two-way messaging, two way sms
whatsapp messaging: whatsapp, whatsapp business, whatsapp messages
sms messaging: sms, sms messaging, mms, otp via sms; in needs only: text message, text messages
voice calls: voice call, voice calls, phone call, phone calls, outbound call, outbound calls, inbound calls, incoming call, incoming calls, call routing, route calls, call center, call centre, contact center, contact centre, call control, control calls, in-progress calls, programmable voice, voice message, voice messages, record calls, ivr, interactive voice response, automated calls; in needs only: phone customers, call customers, call users, spoken message, spoken messages
postal mail: postal mail, physical mail, send letters, send a letter, print and mail, postcards, direct mail, certified mail, mail checks, letters by post; in needs only: letter by post, by post
fax: fax, faxes, send a fax, send faxes, receive faxes, efax
phone validation: phone number, phone numbers, phone validation, validate phone, number lookup, carrier lookup, telephone number, msisdn, caller id
authentication: authentication, authenticate, login, signin, sign up, signup, single sign-on, sso, oauth, openid, identity, user management, user accounts, passwordless, magic link, auth, sign-in, log-in, sign-up
identity verification: identity verification, identity documents, identity document, id documents, id document, kyc, know your customer, selfie verification, document verification; in needs only: verify identity, identity check, identity checks, verify a passport, passport check
one-time codes: one-time code, one-time codes, one-time passcode, one-time passcodes, one-time password, one-time passwords, otp, otps, verification code, verification codes, sms code, sms codes, passcode, passcodes, two-factor, 2fa, mfa, multi-factor, phone verification, verify phone numbers
authorization: authorization, permissions, access control, roles, rbac, fine-grained access, fine-grained permissions, permission checks, check permissions, authorization checks, policy engine; in needs only: may edit, allowed to edit, who can access
organizations and teams: organizations and memberships, organization members, organization memberships, manage organizations, team members, invite members, invite teammates, member invitations, member roles, workspaces and members, multi-tenant; in needs only: shared workspace, company workspace, admin and member roles
user provisioning: scim, user provisioning, provision users, deprovision users, deprovisioning, deactivate users, suspend users, offboarding, workforce identity, user lifecycle; in needs only: company directory, deactivate an account, deactivate accounts, departing employee, departing employees
social login: social login, social sign-in, sign in with google, login with facebook, social sign in
country data: country, countries, country data, capital city, population, currencies of a country, country codes, iso 3166, iso codes, iso country codes, nations, country flags
geocoding: geocoding, geocode, geocoder, reverse geocoding, forward geocoding, address to coordinates, address lookup, address search, address autocomplete, autocomplete addresses, autocomplete address, address suggestions, place search; in needs only: latitude, longitude, lat lng, coordinates, postal address, postal addresses, suggest addresses
maps: map, maps, mapping, directions, route planning, navigation, driving time, drive time, travel time, vehicle routing, route optimization, optimize routes, traveling salesman, travelling salesman, delivery routes; in needs only: order to visit, stops to visit
isochrones: isochrone, isochrones, reachable area, reachable areas, reachable range, drive time polygon, drive time polygons, travel time polygons; in needs only: reach within, reachable within, minute drive, minutes drive, minute walk, minutes walk
map display: map tiles, tile layer, tile layers, tile server, vector tiles, raster tiles, tilesets, static map, static maps, map images, render maps, map rendering, interactive map, interactive maps, street map, street maps, web map, web maps, embed a map, embed maps, slippy map, basemap, basemaps, base map, digital maps, custom maps, customize maps, map styles, show a map, display a map, display maps
map data: openstreetmap, osm data, map elements, nodes ways and relations, building footprints, geographic features
places search: points of interest, poi, pois, search places, find places, places near, nearby places, places nearby, local businesses, near me, shops near, stores near, restaurants near, cafes, coffee shops, venues, place details, business listings, place autocomplete, places autocomplete, city autocomplete, autocomplete city, autocomplete cities; in needs only: opening hours, business hours, nearby, nearest
distance and radius: distance, distances, radius, miles, kilometers, kilometres, km, distance between, within a radius, radius search, proximity
postal codes: postcode, postcodes, postal code, zip code, zip codes, zipcode, pincode, pin code
ip geolocation: ip geolocation, geoip, ip address, ip lookup, ip location, ip to country, ip to location, ip info, locate ip, visitor location, my ip
time zones: time zone, timezone, timezones, time zones, local time, world time, utc offset, current time
weather: weather, forecast, forecasts, weather forecast, temperature, meteorology, meteorological, climate, wind, humidity, hourly forecast, daily forecast
marine conditions: tide, tides, tide times, tide tables, tide predictions, tidal, high tide, low tide, marine weather, marine forecast, marine forecasts, wave height, waves and swell, swell, surf forecast, sea conditions, sea state, ocean conditions
precipitation: precipitation, rain, rainfall, snowfall, snow forecast, snow forecasts, snow depth, drizzle, showers, precipitation forecast, minutely forecast, minute by minute, nowcast, nowcasting, rain radar, weather radar; in needs only: snow
severe weather alerts: weather alerts, severe weather, storm, storms, weather warnings, storm warnings, severe weather warnings, hurricane, tornado, hail, lightning
air quality: air quality, pollution, aqi, air pollution, pollen, emissions, carbon
earthquakes and hazards: earthquake, earthquakes, seismic, tsunami, volcano, natural hazards, disasters, floods, wildfire, wildfires, forest fires, bushfires, fire hotspots
astronomy and space: astronomy, space, nasa, planets, satellite imagery, satellites, iss, rocket launches, spacex, mars, telescope, astronomy picture, stars and planets, astronomical seeing, sky transparency, stargazing, astronomy forecast, astronomy-oriented
sun and moon: sunrise, sunset, twilight, daylight, moon phase, solar position, golden hour
currency exchange: currency, currencies, exchange rate, exchange rates, forex, fx, currency conversion, convert currency, currency converter, foreign exchange, money conversion
cryptocurrency prices: cryptocurrency, crypto, bitcoin, btc, ethereum, coin prices, crypto prices, altcoins, market cap
crypto payments: crypto payments, crypto payment, cryptocurrency payments, cryptocurrency payment, crypto payment gateway, accept crypto, accept cryptocurrency, accept bitcoin, bitcoin payments, pay in crypto, pay in bitcoin, pay with crypto, pay with bitcoin; in needs only: pay in cryptocurrency, pay in cryptocurrencies, pay with cryptocurrency
crypto exchange trading: crypto exchange, exchange trading, order book, trading, trade, spot trading, futures, margin trading, place orders, candlesticks, ohlc
blockchain data: blockchain, on-chain, smart contracts, nft, nfts, crypto wallet, crypto wallets, wallet address, wallet addresses, ethereum blockchain, block explorer, distributed ledger, web3, defi, blockchain transactions, on-chain transactions, crypto transactions
stock market: stock, stocks, stock market, equities, stock prices, stock quotes, closing prices, end-of-day prices, eod prices, historical stock prices, stock price history, stock tickers, ticker symbols, market data, financial markets, trading data, etf, dividends, options chain, options chains, stock options, earnings calendar, earnings dates, earnings reports, earnings announcements
payments: payment, payments, chargeback, chargebacks, payment disputes, handle disputes, accept payments, accept card payments, accept credit cards, online payments, card processing, payment processing, payment gateway, charge a card, charge a credit card, charge cards, charge customers, card payments, credit card payments, checkout, billing, refunds, apple pay, google pay, digital wallets, wallet payments, saved cards, save cards, save a card, stored cards, card on file, cards on file, vault cards, card vault, tokenize cards, card tokenization, saved payment methods, authorize and capture, authorise and capture, capture payments, capture a payment, delayed capture, pre-authorization, preauthorization, card holds, hold on a card; in needs only: one-click checkout, check out in one click, put a hold
subscription billing: subscription billing, recurring payments, recurring billing, recurring subscriptions, subscription management, manage subscriptions, customer subscriptions, subscription plans, billing plans, invoicing, invoices, invoice, dunning, usage-based billing, metered billing
payouts: payout, payouts, pay out, pay sellers, pay vendors, pay contractors, disbursement, disbursements, mass payments, bulk payments, send money, marketplace payouts, split payments
banking: bank, banking, open banking, bank accounts, account balances, bank transfers, money transfers, checking account, account transactions, transaction history, spending history
tax and vat: vat, tax, taxes, vat number, sales tax, tax rates, vat validation, tax id
accounting: accounting software, accounting system, accounting systems, accounting api, accounting data, bookkeeping, general ledger, journal entries, journal entry, chart of accounts, ledger accounts, accounts payable, accounts receivable, bank reconciliation, accounting software, financial reports
company data: company, companies, business registry, company registry, registration number, company information, corporate data, firms, legal entities, business information, enterprise data, company lookup, company number, company numbers, siren, siret, registered details, company records, business register, company register
financial filings: sec filings, annual reports, financial statements, edgar, sec filing, regulatory filings, company filings, income statement, income statements, balance sheet, balance sheets, cash flow statement, company fundamentals, insider trading, insider transactions, insider trades
books: book, books, isbn, library, authors, novels, bibliographic, literature, ebooks
dictionary: dictionary, define words, word meanings, synonyms, thesaurus, antonyms, pronunciation, etymology, vocabulary, word definitions
translation: translate, translation, translator, machine translation, languages translation, localization, multilingual
spelling and grammar: spell check, spell checker, spell checking, spellcheck, spellchecker, spelling errors, spelling mistakes, check spelling, misspelled, misspellings, grammar, grammar check, grammar checker, grammar errors, grammatical errors, proofread, proofreading, typos
readability: readability, readability score, readability scores, reading level, reading grade level, grade level, flesch, reading ease, plain language
language detection: language detection, detect language, identify language, language identification, what language, which language, detect the language, language of a text
text analysis: text analysis, nlp, natural language processing, sentiment, sentiment analysis, entity extraction, named entities, keyword extraction, text classification; in needs only: positive negative, positive or negative, negative or positive, negative or neutral
natural language understanding: user intents, detect intent, detect intents, recognize intent, recognize intents, recognized intent, recognized intents, create intent, create intents, built-in intents, intents and entities, intent recognition, intent detection, intent classification, natural language understanding, language understanding, nlu, utterances, conversational ai, conversational agents, dialog flows, dialogue management
summarization: summarization, text summarization, summarize text, summarize texts, summarize articles, summarize documents, summarize content, summarise text, tldr, condense text, key points, generate text; in needs only: summarize, summarise, summary, summaries, condense, boil
ocr: ocr, optical character recognition, text from image, text from images, extract text, text recognition, scan documents, read text, receipt ocr, receipt scanning, scan receipts, scanned receipts, photographed receipts, scanned paper, scanned pages, scanned pdf, scanned pdfs; in needs only: text out of
speech to text: speech to text, speech-to-text, transcription, transcribe, transcripts, speech recognition, voice recognition, dictation, audio to text, live captions, live captioning, real-time captions, closed captions, live transcription, real-time transcription, streaming transcription, transcribe live audio, transcribe live audio streams
text to speech: text to speech, text-to-speech, tts, speech synthesis, synthesize speech, synthesizes speech, synthesized speech, speech from text, voice generation, read aloud, synthetic voice, voices, spoken audio, narration, narrate, voiceover, voice over
image captioning: image captioning, caption images, caption an image, describe an image, describe images, describe image, image description, image descriptions; in needs only: alt text, alt-text, alt attribute, alt attributes, alt tag, alt tags
personal data redaction: redact, redaction, redacting, redacts, pii, personally identifiable information, detect personal data, find personal data, sensitive data, de-identify, de-identification, deidentify, anonymize, anonymise, anonymization, anonymisation, data masking, mask sensitive data, data loss prevention, dlp; in needs only: strip out names, remove names, mask names
image recognition: image recognition, image classification, computer vision, vision, object detection, image tagging, visual recognition, classify images, detect objects, label images, image analysis
reverse image search: reverse image search, reverse image lookup, visually similar images, find similar images, web detection, pages with matching images; in needs only: photo has been published, image has been published, photo appears online, image appears online, where a photo appears, where an image appears
video understanding: video understanding, video analysis, analyze videos, analyze video, describe videos, video input, video content analysis, summarize videos; in needs only: what happens in a video, what happens in a short video, describe a video, describe what happens
face recognition: face recognition, face detection, facial recognition, faces, face
generative ai: llm, large language model, language model, gpt, chatbot, chat completion, text generation, generative ai, ai models, inference, prompt, ai assistant, chat replies, chat reply, chat model, chat models, multi-turn chat, chat with a model, ai chat, function calling, tool calling, tool use, call functions, call developer-defined functions, structured outputs, structured output, json mode; in needs only: call our own functions, call our functions, call our backend functions, call our own backend functions, paraphrase, paraphrasing, rephrase, rephrasing, reword, rewrite text, rewrite copy
reranking: rerank, reranking, re-rank, re-ranking, reranker, rerankers, rescore search results, rerank search results, re-rank search results; in needs only: re-order passages, reorder passages, re-order documents, reorder documents, re-order search results, reorder search results, re-order retrieved, reorder retrieved
embeddings: embeddings, embedding, text embeddings, vector embeddings, embedding models, embed text, embed documents
video generation: video generation, generate videos, generate video, text to video, avatar videos, avatar video, talking avatar, talking avatars, talking-avatar videos, interactive avatars; in needs only: ai presenter, ai presenters, ai avatar, ai avatars
image generation: image generation, generate images, text to image, ai art, stable diffusion, dall e; in needs only: images from text, image from text, images from prompts, image from a prompt, pictures from text
image editing: image editing, photo editing, edit images, edit an image, edit photos, edit a photo, edit existing images, edit existing photos, inpainting, outpainting, retouch photos, retouching
image processing: image processing, resize images, resize photos, image resizing, photo optimization, optimize images, image manipulation, crop images, crop photos, crop an image, smart crop, thumbnails, image optimization, image compression, compress images, compress photos, compress png, compress jpeg, compress jpg, lossless compression, image transformation, image cdn, background removal, remove background, watermark, watermarks, watermarking, add a watermark, face crop, crop faces, crop to the face, face-aware cropping, crop around faces
placeholder images: placeholder, placeholder images, placeholder image, dummy image, dummy images, mockup images, stub images, filler images
avatars: avatar, avatars, profile pictures, profile picture, identicon, identicons, user icons, random faces, robots avatars
stock photos: stock photos, stock images, stock photography, free images, free photos, free pictures, royalty-free images, royalty-free photos, high-resolution photos, photo library, images search, photography, wallpapers
gifs: gifs, gif
icons: icon, icons, svg icons, icon search, icon sets, pictograms, emoji, emojis
fonts: font, fonts, typeface, typefaces, typography, web fonts, webfonts
colors: color, colors, colour, colours, palette, palettes, color scheme, color schemes, hex colors, color names
design assets: design, illustrations, vector graphics, svg, mockups, ui design
pdf generation: pdf, pdfs, html to pdf, generate pdf, pdf generation, web page to pdf, url to pdf, documents to pdf, pdf conversion, invoices pdf, pdf rendering
pdf editing: merge pdfs, merge pdf, merge pdf documents, merging pdfs, combine pdfs, combine pdf files, split pdfs, split a pdf, compress pdfs, rotate pages, watermark pdfs, pdf tools; in needs only: combine pdf, one pdf
document conversion: convert documents, document conversion, file conversion, convert files, pdf to word, pdf to docx, pdf to excel, convert a pdf to, docx, excel, spreadsheets, word documents, office documents, markdown, csv, file converter
screenshots: screenshot, screenshots, website screenshot, web page screenshot, capture web page, render web page, page rendering, headless browser, browser rendering
seo: seo, search engine optimization, keyword rankings, keyword ranking, rank tracking, rank tracker, ranks for a keyword, ranks for keywords, backlinks, backlink, keyword research, keyword volume, site audit; in needs only: search volume, search volumes
web scraping: scraping, scrape, web scraping, scraper, crawl, crawler, crawling, extract content, html extraction, web data extraction, parse web pages
qr codes: qr code, qr codes, qrcode, barcode, barcodes, qr generator, scan qr, qr scanner
url shortening: url shortener, shorten url, shorten urls, short links, short link, link shortener, short url, short urls, tiny url, link management
file storage: file storage, cloud storage, store files, file sharing, share files, upload files, file upload, uploads, file hosting, storage, object storage, s3, cloud drive, backup, ipfs, pinning
json storage: json storage, key value, key-value, kv store, store json, json bin
sql databases: sql database, sql databases, sql query, sql queries, run sql, execute sql, postgres, postgresql, mysql, mariadb, sqlite, relational database, relational databases, managed database, managed databases, hosted database, hosted databases, database as a service, serverless database, database cluster, database clusters
database branching: database branching, database branches, branch a database, branch databases, preview databases; in needs only: copy of a database, copy of our database, database per pull request, database for each pull request
pastebins: pastebin, paste, snippets
dns and domains: dns, dns lookup, dns records, domain, domains, domain names, nameservers, mx records, domain availability, subdomains
domain ownership lookup: whois, whois lookup, whois record, whois records, rdap, domain owner, domain owners, domain ownership, domain registrant, registrant, registrants, domain registration date, domain age; in needs only: who owns a domain, owns a domain, owns the domain, who registered a domain
dns management: manage dns records, create dns records, update dns records, add dns records, dns record management, dns zones, dns zone, hosted zones, hosted zone, record sets, resource record sets, zone records, dns hosting, managed dns, authoritative dns; in needs only: set up a dns record, set up dns records, add a dns record, create a dns record, update a dns record, point my domain, point a domain
tls certificates: ssl certificate, tls certificate, ssl certificates, tls certificates, certificate authority, certificate renewal, acme, certificate issuance, issue certificates, issued certificate, issued certificates, revoke a certificate, revoke certificates, certificate manager, certificate management, x509
tls configuration scanning: tls scan, tls scans, tls scanner, ssl scan, ssl scanner, ssl test, tls setup, tls configuration, ssl configuration, cipher suites, cipher suite, protocol versions, ssl labs, tls grade, ssl grade
security and malware: malware, virus, antivirus, phishing, threat intelligence, malicious urls, url scanning, file scanning, security scanning, blacklist, blocklist, reputation, file hash, file hashes, hash lookup, sha-256 hash, sha256 hash, malware samples, scan files
web security scanning: security headers, http security headers, content security policy, hsts, security grading, security scan of a website, http observatory
ip reputation: ip reputation, url reputation, domain reputation, abusive ip, malicious ip, ip blacklist, ip blocklist, abuse reports, known attackers, attack sources
vulnerabilities: vulnerabilities, vulnerability, cve
fraud detection: fraud, fraud detection, fraudulent, fraudulent transactions, fraudulent orders, fraud prevention, fraud scoring, fraud score, risk score, risk scoring
device identification: device identification, identify devices, device fingerprinting, browser fingerprinting, browser fingerprint, device fingerprint, visitor identification, identification events; in needs only: returning device, returning devices, returning visitor, returning visitors
spam detection: spam detection
data breaches: data breach, breach, breaches, pwned, leaked passwords, exposed passwords, compromised accounts, password leaks, credential leaks
passwords: password generator, generate passwords, random passwords, password strength, password hashing, hash passwords, hashing, breached passwords, pwned passwords
message queues and event streams: message queue, message queues, queue messages, queued messages, task queue, task queues, job queue, job queues, message broker, message brokers, event bus, event buses, event streams, event stream, stream events, streams of events, kafka, rabbitmq, amqp, dead letter queue, dead-letter queue, consumer group, consumer groups
ci and devops: continuous integration, ci, cd, build pipeline, deployments, deploy, devops, pipelines, test runs
web hosting: web hosting, website hosting, site hosting, static site hosting, host websites, host a website, host web apps, hosted sites, static site, static sites, static website, static websites, deploy websites, deploy a website, deploy web apps, deploy web content, jamstack; in needs only: host my website, host my site, host a site
serverless functions: serverless function, serverless functions, cloud function, cloud functions, edge function, edge functions, lambda function, lambda functions, function url, function urls, invoke a function, invoke functions, deploy functions, deploy a function, functions as a service, faas, serverless workers; in needs only: run a function, run functions, host a function, host functions
virtual machines: virtual machine, virtual machines, vm, vms, compute instances, vm instances, ec2 instances, cloud servers, droplets, computing capacity, compute capacity
container registries: container registry, container registries, docker registry, docker images, container images, image registry, oci images, push images
source code hosting: git, github, gitlab, repositories, repository, repo, repos, source code, code hosting, pull requests, issues tracker, open source projects
package registries: package registry, package registries, npm, pypi, node package, node packages, node js libraries, npm packages, package versions, package metadata, package info, package information, latest version of a package, package downloads
unit conversion: unit conversion, unit conversions, convert units, unit converter, units of measurement, units of measure, measurement units, celsius, fahrenheit, kelvin, metric to imperial, imperial to metric
developer utilities: developer tools, testing, http testing, api testing, uuid, regex, hashing utilities
load testing: load test, load tests, load testing, stress test, stress tests, stress testing, performance testing, virtual users, simulated users, concurrent users, k6, jmeter, locust
api management: api gateway, api gateways, api management, usage plans, usage plan, api proxies, api proxy, developer portal, api products; in needs only: issue api keys, api keys to customers, api key management
job scheduling: cron, cron job, cron jobs, cronjob, crontab, scheduled jobs, schedule jobs, job scheduler, job scheduling, scheduled tasks, schedule tasks, task scheduler, recurring jobs, recurring tasks
webhooks: webhooks, webhook, request bin, inspect http requests, collect http requests, capture webhook requests, inspect webhooks, webhook inspection, request baskets, requestbin; in needs only: captures incoming webhook requests, inspect their headers and body
workflow automation: workflow automation, automate workflows, automated workflows, automation workflows, integration platform, integration platforms, ipaas, no-code automation, no code automation; in needs only: connect my apps, connect two apps, connect saas apps, if this then that
mock apis: mock api, mock data, json placeholder, fake api
fake test data: fake data, test data, dummy data, random data, random user, random users, mock users, sample data, lorem ipsum, fake names, placeholder text, generate fake
random generators: random, randomness, random number, random numbers, dice, coin flip, random choice, shuffle, random generator
jokes and humor: joke, jokes, humor, humour, funny, puns, pun, memes, meme, dad jokes, chuck norris, comedy, insults
quotes: quotations, famous quotes, random quotes, sayings, inspirational, motivational, proverbs, advice, affirmations
trivia and quizzes: trivia, quiz, quizzes, facts, fun facts, riddles
movies and tv: movie, movies, film, films, cinema, tv, tv shows, television, episodes, actors, cast, imdb, trailers, watchlist, tv series
anime and manga: anime, manga, otaku, japanese animation
music: music, songs, song, artists, artist, albums, album, playlists, playlist, radio, music metadata, music charts, top charts, bands, discography, music tracks
lyrics: lyrics, song lyrics, lyric
podcasts: podcast, podcasts, episodes audio
video transcoding: transcode, transcoding, transcoder, video conversion, convert video, convert videos, video encoding, encode video, encode videos, mp4, hls, video formats, media conversion, video compression, compress video, compress videos
video: video, videos, video hosting, video streaming, youtube, live streaming, video platform, clips
video calls: video call, video calls, video calling, video conferencing, video conference, video conferences, video chat, video chats, video meeting, video meetings, online meeting, online meetings, web conferencing, webrtc, video room, video rooms, cloud recordings, meeting recordings, meeting recording, meeting transcripts, meeting transcript, recorded meetings, recordings of meetings
games: game, games, gaming, video games, board games, esports, players stats, game data, steam, chess, card games, minecraft
pokemon: pokemon, pokedex, pokémon
comics and characters: comics, comic, superheroes, marvel, heroes, villains, star wars, harry potter, fictional characters
sports: sports, sport, football, soccer, basketball, baseball, hockey, cricket, tennis, golf, formula 1, f1, nba, nfl, mlb, nhl, fixtures, sports teams, league, leagues, match results, match scores, football matches, athletes, olympics, live scores, sports scores
wearable data: wearable, wearables, wearable devices, wearers, step count, step counts, steps taken, heart rate, sleep data, sleep tracking, fitness tracker, fitness trackers, fitness tracking, activity data
fitness and workouts: fitness, workouts, workout, exercise, exercises, activity tracking, cycling
nutrition: nutrition, nutritional, nutrients, calories, diet, dietary
food and recipes: food, recipe, recipes, cooking, meals, meal, ingredients, dishes, cuisine, nutrition facts, groceries
restaurants: restaurants, menus
drinks: drinks, cocktails, cocktail, beer, beers, breweries, brewery, wine, coffee recipes, coffee drinks
health and medicine: health, medical, medicine, medication, medications, drug, drugs, pharmaceutical, prescription, side effects, adverse events, adverse reactions, drug labels, drug label, drug interactions, diseases, disease, symptoms, clinical trials, covid, hospitals, healthcare, doctors, vaccines
animals: animal, animals, pets, pet, wildlife, species
dogs: dog, dogs, breeds, breed, puppies, puppy
cats: cat, cats, kitten, kittens
news: news, headlines, breaking news, news articles, journalism, press, blog posts, rss, news feeds, rss feeds, news media
events: conferences, meetups, concerts, event tickets, concert tickets, ticketing, event listings, local events
calendar and holidays: holiday, holidays, public holidays, bank holidays, calendar, calendars, observances, working days, business days, non-working days, national holidays, festivals
scheduling: calendar scheduling, scheduling platform, scheduling service, schedule meetings, meeting scheduling, book meetings, booking meetings, appointments, appointment booking, appointment scheduling, booking pages, booking links, calendar events, free busy, availability, booking links, booking link, scheduling links, scheduling link, booking pages, book a meeting, book meetings, book a call, book calls, open booking times
jobs: job listings, job board, careers, hiring, recruiting, vacancies, employment, remote jobs, salaries, job search, job search engine, job postings, job boards, job ads, job offers, job openings, job vacancies; in needs only: job hunting, job hunt, job seekers, job seeker, developer openings, engineering openings, open positions, openings posted
shopping and products: shopping, products, product, e-commerce, ecommerce, price comparison, price comparisons, compare prices, compare product prices, deals, coupons, catalog, barcode lookup, retail, marketplace
recommendations: recommendation engine, recommendation engines, recommender, recommenders, recommender system, product recommendations, personalized recommendations, individualized recommendations, real-time recommendations, recommendation models; in needs only: also bought, also viewed, customers who bought, frequently bought together, you may also like
shipping and tracking: parcel, parcels, package tracking, shipment, shipments, shipping, tracking number, track packages, courier, couriers, logistics, freight, track shipment, carrier pickups, carrier pickup, schedule pickups, schedule a pickup, parcel pickup, collect parcels; in needs only: book a carrier, collect today parcels
local delivery: same-day delivery, same day delivery, same-day courier, same day courier, courier service, on-demand delivery, local delivery, courier delivery, dispatch a courier, book a courier, booking a courier, last-mile delivery, deliver orders
vessel tracking: vessel, vessels, vessel tracking, ship tracking, track ships, track a ship, ship positions, imo number, mmsi, maritime traffic, marine traffic
vehicles: vehicle, vehicles, car, cars, vin, vin decoder, automotive, make and model, license plate, motorcycles, car prices, ev, electric vehicles
license plate recognition: license plate recognition, number plate recognition, anpr, alpr, read license plates, recognize license plates, read number plates, plate recognition; in needs only: license plate number, plate number, plate numbers
ev charging: charging stations, charging station, ev charging, charge points, electric vehicle charging, chargers
transport and transit: public transport, transit, transportation, bus, buses, train, trains, railway, rail, metro, subway, tram, timetable, timetables, transit schedules, bus schedules, train schedules, departures, arrivals, journey planner, stations, gtfs, bus stops, transit stops
flights and aviation: flight, flights, airport, airports, airline, airlines, aviation, aircraft, air traffic, planes
flight search: flight search, search flights, search for flights, flight offers, flight booking, book flights, book a flight, cheapest flights, flight prices, airfare, airfares, air fares, fare search, flights between
flight delay prediction: flight delay prediction, flight delay predictions, predict flight delays, predict delays, delay prediction, delay predictions
flight status: flight status, flight tracking, track a flight, flight delay, flight delays, delayed flight, delayed flights, flight arrival, flight arrivals, flight departure, flight departures, live flights
bike and scooter sharing: bike sharing, bike share, bikes, bicycles, bicycle, scooters, e-scooters, micromobility
taxis and ride hailing: taxi, taxis, ride sharing, ride hailing, rideshare, cabs
parking: parking, car parks, parking spaces, parking lots
road traffic: traffic jams, traffic incidents, traffic flow, traffic conditions, road traffic, congestion, road conditions, roadworks, tolls, toll roads
travel and places: travel, tourism, hotels, hotel, accommodation, attractions, landmarks, trips, hotel booking, travel destinations
travel advisories: travel advisory, travel advisories, travel warnings, travel safety, travel-safety, advisory level, advisory levels
tours and activities: tours, guided tours, tours and activities, things to do, excursions, sightseeing tours, bookable activities
real estate: real estate, housing, rent, rental, mortgage, listings real estate, property listings, property prices, homes for sale
government and open data: government, open data, public data, census, statistics, public records, national data, city data, municipal
laws and courts: legislation, laws, parliament, court, courts, regulations, regulatory documents, rulemaking, proposed rules, public comments, public comment, dockets, docket
elections and politics: elections, election, politics, political, campaign finance, campaign contributions, political donations, political donors, campaign donors, election candidates, political candidates; in needs only: house race, senate race, presidential race, governor race
science and math: science, scientific, math, mathematics, equations, calculator, physics, chemistry, periodic table
research papers: research papers, scholarly, academic research, academic literature, academic publications, citation counts, cited by, citation graph, academic papers, scholarly works, scientific papers, publications metadata, doi, dois
environment and energy: energy, electricity, solar, renewable, carbon footprint, co2, emissions data, sustainability, power grid, recycling, environmental data
education: education, school, schools, university, universities, courses, students, colleges, e-learning, online courses
personality and astrology: personality, horoscope, astrology, zodiac, tarot, numerology, fortune
social media: social media, social network, social networks, tweets, tweet, twitter, followers, timeline, feeds social, reddit, facebook, instagram, linkedin, tiktok, mastodon, bluesky, publish posts, schedule posts, social posts, social media posts
chat platforms: chat, chats, slack, discord, telegram, chat bot, messenger, microsoft teams, ms teams, team chat, team chats, workplace chat, interactive messages, message buttons, slash commands
encyclopedia: wikipedia, encyclopedia, mediawiki, wiki articles, knowledge base, knowledge graph, articles content, wikidata
help centre articles: help center, help centre, help articles, help center articles, support articles, knowledge base articles, support knowledge base, faq articles
customer messaging: customer messaging, customer-messaging, support conversations, messenger for websites; in needs only: live chat, live chat widget, chat widget, website chat, talk to our support team, chat with our support team
url and link metadata: link preview, url metadata, open graph, unfurl, favicon, favicons, preview card, preview cards, link cards, link card, preview image for a url, link unfurling
validation utilities: validation, validate, verify, verification, checker, lookup validation, iban, credit card validation, bin lookup, postcode validation
analytics: analytics, metrics, tracking events
web analytics: web analytics, website analytics, page views, pageviews, traffic sources, website traffic, site traffic, visitor statistics, google analytics, ga4
time series data: time series, time-series, time series data, time series database, time-series database, sensor data, sensor readings, telemetry data, iot data, iot sensor data, iot sensors
monitoring: monitoring, observability, performance monitoring, dashboards, apm
cloud cost management: cloud costs, cloud cost, cloud spend, cloud spending, cloud bill, cloud bills, cost and usage, cost explorer, cost management, cost anomalies, cost allocation, costs by service
web performance: page speed, pagespeed, lighthouse, core web vitals, web vitals, page load time, page load times, load faster, performance audit, performance audits, site speed
distributed tracing: distributed tracing, trace spans, trace segments, spans, service map, service maps, opentelemetry, trace requests, traces and spans, metrics logs and traces, logs and traces; in needs only: trace slow requests, tracing across services
cdn caching: cdn, cdns, content delivery network, content delivery networks, edge cache, edge caching, cache purge, purge cache, purge the cache, purge files, cache invalidation, invalidate cache, invalidate objects, invalidations
uptime monitoring: uptime, status page, uptime monitoring, downtime, website down, synthetic checks, health checks, not responding, unreachable, goes down, stops responding, site is down, website is down, site is up, website is up, is it down, downtime alerts, canary, canaries
logging and errors: logs, logging, error tracking, error monitoring, exceptions, crash reporting, stack traces, application errors
content moderation: content moderation, moderate content, moderation api, moderation models, moderate text, moderate images, image moderation, text moderation, toxic, toxicity, hate speech, hateful, offensive language, profanity, abusive content, harassment, inappropriate content, detect nsfw, nsfw detection, nsfw classification, classify nsfw, nudity, nude images, explicit content, explicit images, adult content, sexual content; in needs only: nsfw
bot protection: captcha, recaptcha, hcaptcha, bot detection, bot protection, spam bots, human verification, turnstile
elevation and terrain: elevation, altitude, terrain, height above sea level, topography, digital elevation model
public spending: government spending, public spending, federal spending, agency spending, procurement, public contracts, contract awards, government contracts, federal contracts, federal grants, grants awarded, budgets
feature flags: feature flags, feature flag, feature toggles, feature toggle, gradual rollout, percentage rollout, roll out a feature, a/b testing, experiments
secrets management: secrets, secret manager, secrets manager, secrets store, vault, store credentials, api key storage, environment variables
vector search: vector database, vector search, vectors, similarity search, semantic search, nearest neighbours, nearest neighbors, vector index, store embeddings, storing embeddings, stores embeddings, embeddings storage, search embeddings, query embeddings
search engines: full-text search, full text search, full-text queries, search index, search indexes, search indices, indexed documents, faceted search, faceted searches, typo-tolerant, typo tolerance, fuzzy search, hybrid search, hosted search, search as a service; in needs only: add search to, site search, in-app search
web search: web search, search engine, search results, serp, search the web, internet search; in needs only: images on the web, pictures on the web
code execution: code execution, run code, execute code, sandbox, sandboxes, code interpreter, run untrusted code, untrusted code, isolated sandbox, isolated sandboxes, secure sandbox, secure sandboxes, run snippets, run code snippets, execute code snippets
product analytics: product analytics, event tracking, funnels, retention, cohorts, user analytics
project management: project management, task management, manage tasks, task lists, project tasks, todo, to-do, issue tracking, track issues, bug tracker, bug tracking, support tickets, kanban, productivity, spreadsheets online, kanban boards
notes: note taking, notes app
forms and surveys: forms, surveys, survey, questionnaire, questionnaires, form builder, create forms, form responses, survey responses, customer satisfaction survey, feedback forms
crm: crm, leads, sales pipeline, sales pipelines, sales team, sales teams, sales reps, sales leads, sales deals, deals pipeline, contacts, customer data
human resources: hris, human resources, hr system, hr systems, hr software, hr platform, employee records, time off, leave requests, leave balances, absences, vacation days, paid time off, pto
electronic signatures: electronic signature, electronic signatures, e-signature, e-signatures, esignature, esignatures, sign documents, sign a document, sign a pdf, sign pdfs, sign a contract, sign contracts, sign electronically, signed electronically, contract signed, contracts signed, document signed, documents signed, document signing, signature request, signature requests, signing workflow, signing workflows, legally binding signatures
marketing campaigns: marketing, campaigns
patents: patent, patents, trademarks, intellectual property, inventions
art and culture: art, culture, museums, artworks, paintings, artists paintings, heritage
religion: bible, quran, scripture, verses, religion, religious, prayer times
machine learning: machine learning, ml, deep learning, artificial intelligence, ai, neural network, neural networks, models training, predictions
economic data: economy, economic, economic indicators, gdp, inflation, unemployment, world bank, development indicators, trade statistics
interest rates and bonds: treasury rates, treasury yields, treasury yield, treasury data, yield curve, yield curves, bond yields, bond yield, bonds, government bonds, treasury bonds, interest rates, interest rate
number facts: number facts, math facts, trivia numbers
`;

export interface Capability {
  /** The capability's name, as shown in matchedOn. */
  label: string;
  /** Its phrases as stem sequences, e.g. [["exchang", "rate"], ["forex"]]. */
  phrases: string[][];
  /** Phrases by which a need names it but a listing does not (see `; in needs only:` above). */
  needPhrases: string[][];
}

const NEEDS_ONLY = '; in needs only:';

export function parseVocabulary(text: string, analyze: (phrase: string) => string[]): Capability[] {
  const capabilities: Capability[] = [];
  const phrasesOf = (list: string) =>
    list
      .split(',')
      .map((phrase) => analyze(phrase))
      .filter((stems) => stems.length > 0);
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const label = line.slice(0, colon).trim();
    const [both = '', needsOnly = ''] = line.slice(colon + 1).split(NEEDS_ONLY);
    capabilities.push({ label, phrases: phrasesOf(both), needPhrases: phrasesOf(needsOnly) });
  }
  return capabilities;
}

export const CAPABILITY_VOCABULARY_TEXT = VOCABULARY;

/**
 * Phrases of the vocabulary that name one platform, not a kind of API: a need that names
 * Instagram asks for Instagram, and a Reddit API, social media as it is, does not cover that word
 * (it still meets the rest of the need through the capability the name evokes).
 */
export const PLATFORM_NAMES = 'twitter facebook instagram linkedin tiktok mastodon bluesky reddit slack discord telegram whatsapp youtube github gitlab npm pypi wikipedia wikidata steam minecraft spacex imdb'.split(' ');
