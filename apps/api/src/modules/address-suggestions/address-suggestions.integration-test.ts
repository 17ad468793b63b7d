import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addressSuggestionListSchema, apiPaths, suggestedAddressSchema } from '@vatlas/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { forEachDatabase } from '../../test/databases';
import { buildTestApp, createTestConfig, createTestProvider, loggerInto } from '../../test/test-app';
import { bearer, createCompany, createHomeTenant, createPerson, signIn } from '../user/account-test-kit';
import { createPlacesClient, PlacesUnavailableError } from './places-client';

const API_KEY = 'test-places-key-0123456789';
const PLACE_ID = 'ChIJ2eUgeAK6j4ARbn5u_wAGqWA';

/** Shapes as Places API (New) answers them (fields we do not read left in, so parsing them is exercised too). */
const AUTOCOMPLETE_ANSWER = {
  suggestions: [
    {
      placePrediction: {
        place: `places/${PLACE_ID}`,
        placeId: PLACE_ID,
        text: { text: 'Friedrichstraße 123, Berlin, Germany', matches: [{ endOffset: 12 }] },
        structuredFormat: {
          mainText: { text: 'Friedrichstraße 123' },
          secondaryText: { text: 'Berlin, Germany' },
        },
        types: ['street_address', 'geocode'],
      },
    },
    { queryPrediction: { text: { text: 'Friedrichstraße restaurants' } } },
    {
      placePrediction: {
        place: 'places/EitGcmllZHJpY2hzdHJhw59lLCBIYW1idXJn',
        placeId: 'EitGcmllZHJpY2hzdHJhw59lLCBIYW1idXJn',
        text: { text: 'Friedrichstraße, Hamburg, Germany' },
        types: ['route', 'geocode'],
      },
    },
  ],
};
const DETAILS_ANSWER = {
  formattedAddress: 'Friedrichstraße 123, 10117 Berlin, Germany',
  addressComponents: [
    { longText: '123', shortText: '123', types: ['street_number'], languageCode: 'de' },
    { longText: 'Friedrichstraße', shortText: 'Friedrichstraße', types: ['route'], languageCode: 'de' },
    { longText: 'Mitte', shortText: 'Mitte', types: ['sublocality_level_1', 'sublocality', 'political'] },
    { longText: 'Berlin', shortText: 'Berlin', types: ['locality', 'political'], languageCode: 'de' },
    { longText: 'Berlin', shortText: 'BE', types: ['administrative_area_level_1', 'political'] },
    { longText: 'Germany', shortText: 'DE', types: ['country', 'political'], languageCode: 'en' },
    { longText: '10117', shortText: '10117', types: ['postal_code'], languageCode: 'de' },
  ],
};

type Recorded = { method: string; url: string; headers: IncomingMessage['headers']; body: unknown };
type Behaviour = 'answer' | 'fail' | 'not-found' | 'hang';

/** A real HTTP server standing in for Google Places: it records each request and answers by `behaviour`. */
async function startFakePlaces() {
  const state = { behaviour: 'answer' as Behaviour, requests: [] as Recorded[] };
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      state.requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: raw ? JSON.parse(raw) : undefined,
      });
      if (state.behaviour === 'hang') return;
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (state.behaviour === 'fail') return send(500, { error: { code: 500, status: 'INTERNAL' } });
      if (state.behaviour === 'not-found') return send(404, { error: { code: 404, status: 'NOT_FOUND' } });
      if (request.method === 'POST' && request.url === '/v1/places:autocomplete') return send(200, AUTOCOMPLETE_ANSWER);
      if (request.method === 'GET' && request.url?.startsWith('/v1/places/')) return send(200, DETAILS_ANSWER);
      return send(400, { error: { code: 400, status: 'INVALID_ARGUMENT' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    state,
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

forEachDatabase('address suggestions API', (context) => {
  let places: Awaited<ReturnType<typeof startFakePlaces>>;
  let app: FastifyInstance;
  let appWithoutKey: FastifyInstance;
  let companyId: string;
  let token: string;
  let tokenWithoutKey: string;
  let loggingApp: FastifyInstance;
  let loggingToken: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    places = await startFakePlaces();
    const config = createTestConfig({ MAPS_API_KEY: API_KEY, MAPS_API_BASE_URL: places.baseUrl });
    const provider = await createTestProvider(config);
    app = await buildTestApp(context.database, { config, provider });
    appWithoutKey = await buildTestApp(context.database, { provider });
    const db = context.database.db;
    const tenantId = await createHomeTenant(db);
    const owner = await createPerson(db, { tenantId, label: 'address-owner', issuer: config.auth.issuer });
    companyId = await createCompany(db, { tenantId, name: 'Address Co', owners: [owner] });
    token = await signIn(app, provider, owner);
    tokenWithoutKey = await signIn(appWithoutKey, provider, owner);
    loggingApp = await buildTestApp(context.database, { config, provider, logger: loggerInto(logLines, 'info') });
    loggingToken = await signIn(loggingApp, provider, owner);
  });
  afterEach(() => {
    places.state.behaviour = 'answer';
    places.state.requests.length = 0;
  });
  afterAll(async () => {
    await app?.close();
    await appWithoutKey?.close();
    await loggingApp?.close();
    await places?.close();
  });

  const get = (url: string, as = token, target = () => app) =>
    target().inject({ method: 'GET', url, headers: bearer(as) });

  it('lists the place suggestions of Places Autocomplete, asked with the key, the country and address types', async () => {
    const response = await get(
      apiPaths.addressSuggestions(companyId, {
        query: 'Friedrichstr',
        country: 'DE',
        language: 'de',
        sessionToken: 'session-0123456789',
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(addressSuggestionListSchema.parse(response.json()).suggestions).toEqual([
      { placeId: PLACE_ID, text: 'Friedrichstraße 123, Berlin, Germany' },
      { placeId: 'EitGcmllZHJpY2hzdHJhw59lLCBIYW1idXJn', text: 'Friedrichstraße, Hamburg, Germany' },
    ]);
    expect(places.state.requests).toHaveLength(1);
    const [sent] = places.state.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/v1/places:autocomplete');
    expect(sent?.headers['x-goog-api-key']).toBe(API_KEY);
    expect(sent?.body).toEqual({
      input: 'Friedrichstr',
      includedRegionCodes: ['DE'],
      includedPrimaryTypes: ['street_address', 'premise', 'route'],
      languageCode: 'de',
      sessionToken: 'session-0123456789',
    });
  });

  it('asks Places in each interface language, and refuses another one', async () => {
    const before = places.state.requests.length;
    const polish = await get(
      apiPaths.addressSuggestions(companyId, { query: 'Marszałkowska', country: 'PL', language: 'pl' }),
    );
    expect(polish.statusCode).toBe(200);
    expect(places.state.requests[before]?.body).toMatchObject({ languageCode: 'pl' });
    const dutch = await get(
      `${apiPaths.addressSuggestions(companyId, { query: 'Damrak', country: 'NL' })}&language=nl`,
    );
    expect(dutch.statusCode).toBe(400);
  });

  it('maps the chosen place to the address fields, asking only for the address with the field mask', async () => {
    const response = await get(apiPaths.addressSuggestion(companyId, PLACE_ID, { sessionToken: 'session-0123456789' }));
    expect(response.statusCode).toBe(200);
    expect(suggestedAddressSchema.parse(response.json())).toEqual({
      street: 'Friedrichstraße',
      houseNumber: '123',
      zipCode: '10117',
      city: 'Berlin',
      state: 'Berlin',
      countryCode: 'DE',
    });
    const [sent] = places.state.requests;
    expect(sent?.method).toBe('GET');
    expect(sent?.url).toBe(`/v1/places/${PLACE_ID}?sessionToken=session-0123456789`);
    expect(sent?.headers['x-goog-api-key']).toBe(API_KEY);
    expect(sent?.headers['x-goog-fieldmask']).toBe('addressComponents,formattedAddress');
  });

  it('keeps the typed address out of the request log', async () => {
    logLines.length = 0;
    const url = apiPaths.addressSuggestions(companyId, { query: 'Geheimweg 7', country: 'DE' });
    expect((await get(url, loggingToken, () => loggingApp)).statusCode).toBe(200);
    const log = logLines.join('');
    expect(log).toContain(`/api/v1/Company/${companyId}/AddressSuggestions?[redacted]`);
    expect(log).not.toContain('Geheimweg');
    // Fastify's serializer is replaced, not lost: the method and the client address are still there.
    expect(log).toContain('"method":"GET"');
    expect(log).toContain('"remoteAddress"');
  });

  it.each([
    ['a query shorter than 3 characters', { query: 'Fr', country: 'DE' }, 'query'],
    ['a country that is no ISO code', { query: 'Friedrichstr', country: 'Germany' }, 'country'],
  ])('refuses %s with 400 naming the field, without asking Places', async (_label, query, field) => {
    const response = await get(apiPaths.addressSuggestions(companyId, query));
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([expect.objectContaining({ field })]);
    expect(places.state.requests).toHaveLength(0);
  });

  it('tells the browser suggestions are available without ever sending it the key', async () => {
    const response = await app.inject({ method: 'GET', url: apiPaths.clientConfig });
    expect(response.statusCode).toBe(200);
    expect(response.json().features.addressSuggestions).toBe(true);
    expect(response.body).not.toContain(API_KEY);
  });

  it('refuses a place id that is not one with 400 naming placeId', async () => {
    const response = await get(apiPaths.addressSuggestion(companyId, 'places/../../secret'));
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([expect.objectContaining({ field: 'placeId' })]);
    expect(places.state.requests).toHaveLength(0);
  });

  it('answers 503 maps_not_configured on both routes when MAPS_API_KEY is not set', async () => {
    for (const url of [
      apiPaths.addressSuggestions(companyId, { query: 'Friedrichstr', country: 'DE' }),
      apiPaths.addressSuggestion(companyId, PLACE_ID),
    ]) {
      const response = await get(url, tokenWithoutKey, () => appWithoutKey);
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('maps_not_configured');
    }
    expect(places.state.requests).toHaveLength(0);
  });

  it('answers 502 maps_unavailable when Places fails, and 404 for a place Places does not know', async () => {
    places.state.behaviour = 'fail';
    const failed = await get(apiPaths.addressSuggestions(companyId, { query: 'Friedrichstr', country: 'DE' }));
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'maps_unavailable' });
    // Neither the address typed nor the key leaks into the answer.
    expect(failed.body).not.toContain('Friedrichstr');
    expect(failed.body).not.toContain(API_KEY);

    places.state.behaviour = 'not-found';
    const missing = await get(apiPaths.addressSuggestion(companyId, PLACE_ID));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('address_suggestion_not_found');
  });
});

describe('the Places client', () => {
  let places: Awaited<ReturnType<typeof startFakePlaces>>;
  beforeAll(async () => {
    places = await startFakePlaces();
  });
  afterAll(async () => {
    await places?.close();
  });

  it('gives up on a Places that does not answer in time (5 s in the app, 200 ms here)', async () => {
    places.state.behaviour = 'hang';
    const client = createPlacesClient({ apiKey: API_KEY, baseUrl: places.baseUrl, timeoutMs: 200 });
    const started = Date.now();
    const failure = await client.autocomplete({ input: 'Friedrichstr', country: 'DE' }).catch((error) => error);
    expect(failure).toBeInstanceOf(PlacesUnavailableError);
    expect((failure as Error).message).toBe('Places is unavailable: no answer within 200 ms');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('fails as unavailable when nothing listens at the base URL', async () => {
    const client = createPlacesClient({ apiKey: API_KEY, baseUrl: 'http://127.0.0.1:9', timeoutMs: 2_000 });
    await expect(client.placeAddress(PLACE_ID, {})).rejects.toBeInstanceOf(PlacesUnavailableError);
  });
});
