import { phonePathFor, phoneUrlFor, showsVideos, startRequests, startScreen } from './start-screen';

describe('startScreen', () => {
  it('is the sign-in page without a token, wherever the page is', () => {
    for (const pathname of ['/', '/mobile', '/videos'])
      for (const phone of [true, false]) expect(startScreen({ pathname, signedIn: false, phone })).toBe('signed-out');
  });

  it('is the phone app on a phone from any path, and on /mobile from a desktop', () => {
    expect(startScreen({ pathname: '/', signedIn: true, phone: true })).toBe('mobile');
    expect(startScreen({ pathname: '/settings', signedIn: true, phone: true })).toBe('mobile');
    expect(startScreen({ pathname: '/mobile/upload', signedIn: true, phone: false })).toBe('mobile');
    expect(startScreen({ pathname: '/mobiles', signedIn: true, phone: false })).toBe('page');
  });

  it('tells the dashboard and My Videos from the other desktop pages', () => {
    expect(startScreen({ pathname: '/', signedIn: true, phone: false })).toBe('dashboard');
    expect(startScreen({ pathname: '/dashboard', signedIn: true, phone: false })).toBe('dashboard');
    expect(startScreen({ pathname: '/videos', signedIn: true, phone: false })).toBe('library');
    expect(startScreen({ pathname: '/settings', signedIn: true, phone: false })).toBe('page');
  });
});

describe('showsVideos', () => {
  it('is true where the first screen lists videos', () => {
    expect(showsVideos('dashboard', '/')).toBe(true);
    expect(showsVideos('library', '/videos')).toBe(true);
    expect(showsVideos('mobile', '/mobile')).toBe(true);
    expect(showsVideos('mobile', '/mobile/upload')).toBe(false);
    // A phone on a desktop path lands on the library, except where the phone app has that screen.
    expect(showsVideos('mobile', '/')).toBe(true);
    expect(showsVideos('mobile', '/settings')).toBe(true);
    expect(showsVideos('mobile', '/upload')).toBe(false);
    expect(showsVideos('mobile', '/pricing')).toBe(false);
    expect(showsVideos('page', '/settings')).toBe(false);
    expect(showsVideos('signed-out', '/')).toBe(false);
  });
});

describe('phonePathFor', () => {
  it('keeps the upload, the plans and a video on the phone, and sends the rest to the library', () => {
    expect(phonePathFor('/upload')).toBe('/mobile/upload');
    expect(phonePathFor('/video/3f2a')).toBe('/mobile/video/3f2a');
    expect(phonePathFor('/video/3f2a/')).toBe('/mobile/video/3f2a');
    expect(phonePathFor('/video/')).toBe('/mobile');
    expect(phonePathFor('/video/a/b')).toBe('/mobile');
    expect(phonePathFor('/pricing')).toBe('/mobile/subscribe');
    expect(phonePathFor('/subscribe')).toBe('/mobile/subscribe');
    for (const pathname of ['/', '/videos', '/settings', '/constructor', '/toString']) expect(phonePathFor(pathname)).toBe('/mobile');
  });
});

describe('phoneUrlFor', () => {
  it('keeps the query on the screens the phone app has, and drops it on the way to the library', () => {
    expect(phoneUrlFor('/subscribe', '?plan=pro')).toBe('/mobile/subscribe?plan=pro');
    expect(phoneUrlFor('/upload', '?shared=1')).toBe('/mobile/upload?shared=1');
    expect(phoneUrlFor('/video/abc', '?highlight=h1')).toBe('/mobile/video/abc?highlight=h1');
    expect(phoneUrlFor('/settings', '?tab=billing')).toBe('/mobile');
    expect(phoneUrlFor('/', '')).toBe('/mobile');
  });
});

describe('startRequests', () => {
  it('asks for nothing signed out, for the user and the plan signed in, and for the videos where they are listed', () => {
    expect(startRequests('signed-out', '/')).toEqual([]);
    expect(startRequests('page', '/settings')).toEqual(['/api/auth/me', '/api/billing']);
    expect(startRequests('dashboard', '/')).toEqual(['/api/auth/me', '/api/billing', '/api/videos']);
    expect(startRequests('mobile', '/mobile')).toEqual(['/api/auth/me', '/api/billing', '/api/videos']);
    expect(startRequests('mobile', '/mobile/upload')).toEqual(['/api/auth/me', '/api/billing']);
  });
});
