// filterocr watch: the companion feed's three top words, live over server-sent events
// (GET /api/feed/events, event `feed`, data = the feed snapshot). Everything from the feed
// is inserted with textContent, never as HTML.
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);
  const el = {
    body: document.body,
    connection: $('connection'),
    connectionLabel: $('connection-label'),
    age: $('age'),
    waiting: $('waiting'),
    words: $('words'),
    meta: $('meta'),
    sourceImage: $('source-image'),
    segment: $('segment'),
    script: $('script'),
    wordCount: $('word-count'),
    confidence: $('confidence'),
    accuracy: $('accuracy'),
    source: $('source'),
  };

  let snapshot = null;   // the last feed shown
  let source = null;     // the EventSource
  let retryDelay = 1000; // after the stream was closed for good (not the browser's own retry)
  let retryTimer = 0;

  // ---------------------------------------------------------------- connection

  const labels = { connecting: 'connecting', live: 'live', reconnecting: 'reconnecting', offline: 'offline' };

  function setConnection(stateName) {
    el.connection.dataset.state = stateName;
    el.connectionLabel.textContent = labels[stateName];
    el.connection.setAttribute('title', `Feed ${labels[stateName]}`);
    // Keep the last words on screen while the stream is down, dimmed.
    el.body.classList.toggle('stale', stateName !== 'live' && snapshot !== null);
  }

  function connect() {
    clearTimeout(retryTimer);
    if (source) source.close();
    setConnection(snapshot ? 'reconnecting' : 'connecting');
    source = new EventSource('/api/feed/events');
    source.addEventListener('open', () => {
      retryDelay = 1000;
      setConnection('live');
    });
    source.addEventListener('feed', (event) => {
      let feed;
      try {
        feed = JSON.parse(event.data);
      } catch (e) {
        return;  // a damaged event: keep what is shown
      }
      if (feed && typeof feed === 'object') render(feed);
      setConnection('live');
    });
    source.addEventListener('error', () => {
      if (source.readyState === EventSource.CLOSED) {
        // The browser gave up (e.g. an HTTP error answer): try again ourselves, slower each time.
        setConnection('offline');
        retryTimer = setTimeout(connect, retryDelay);
        retryDelay = Math.min(retryDelay * 2, 30000);
      } else {
        setConnection('reconnecting');  // EventSource retries by itself
      }
    });
  }

  // ---------------------------------------------------------------- rendering

  function render(feed) {
    snapshot = feed;
    if (feed.sequence !== undefined) el.body.dataset.sequence = String(feed.sequence);
    el.waiting.hidden = true;
    el.meta.hidden = false;

    const top = Array.isArray(feed.topWords) ? feed.topWords.slice(0, 3) : [];
    const items = top.map((entry) => {
      const item = document.createElement('li');
      item.className = 'word';
      const text = document.createElement('span');
      text.className = 'word-text';
      text.textContent = String(entry && entry.word !== undefined ? entry.word : '');
      const count = document.createElement('span');
      count.className = 'word-count';
      count.textContent = String(entry && entry.count !== undefined ? entry.count : '');
      count.setAttribute('aria-label', `${count.textContent} times`);
      item.append(text, count);
      return item;
    });
    el.words.replaceChildren(...items);
    if (items.length === 0) {
      el.waiting.hidden = false;
      el.waiting.textContent = 'No words in this image.';
    }

    el.sourceImage.textContent = String(feed.image || '');

    // The segment, then the script when it says more ("blur" · "blur; 75%").
    el.segment.textContent = String(feed.segment || 'original');
    const script = typeof feed.script === 'string' ? feed.script
      : (Array.isArray(feed.operations) ? feed.operations.join(', ') : '');
    el.script.textContent = script && script !== feed.segment ? script : '';

    el.wordCount.textContent = String(feed.wordCount ?? 0);
    el.confidence.textContent = String(Math.round(Number(feed.meanConfidence) || 0));
    const accuracy = [];
    if (typeof feed.characterErrorRate === 'number') accuracy.push(`CER ${percent(feed.characterErrorRate)}`);
    if (typeof feed.wordRecall === 'number') accuracy.push(`recall ${percent(feed.wordRecall)}`);
    el.accuracy.textContent = accuracy.map((part) => ` · ${part}`).join('');
    el.source.textContent = String(feed.source || '');

    updateAge();
  }

  function percent(value) {
    return `${Math.round(value * 1000) / 10}%`;
  }

  // "3 s ago", refreshed every second from updatedAt.
  function updateAge() {
    if (!snapshot || typeof snapshot.updatedAt !== 'string') {
      el.age.textContent = '';
      return;
    }
    const at = Date.parse(snapshot.updatedAt);
    if (Number.isNaN(at)) {
      el.age.textContent = '';
      return;
    }
    const seconds = Math.max(0, Math.floor((Date.now() - at) / 1000));
    let text;
    if (seconds < 60) text = `${seconds} s ago`;
    else if (seconds < 3600) text = `${Math.floor(seconds / 60)} min ago`;
    else if (seconds < 86400) text = `${Math.floor(seconds / 3600)} h ago`;
    else text = `${Math.floor(seconds / 86400)} d ago`;
    el.age.textContent = text;
    el.age.setAttribute('datetime', snapshot.updatedAt);
  }

  setInterval(updateAge, 1000);
  connect();
})();
