// filterocr workbench: drives one REPL session of `filterocr serve` over its JSON API
// (docs/web-api.md) and shows every recognition.
//
// Rules this file keeps:
// - Everything that came from the server or the user (recognised text, words, file names,
//   messages) goes into the page with textContent / setAttribute, never as HTML.
// - One request at a time: user actions go through a small queue (runJob), so the session
//   never sees two commands at once, and the page shows a busy state meanwhile.
// - The page's dataset (busy, ready, recognitions) lets browser tests wait for conditions.
'use strict';

(() => {
  const SVG_NS = 'http://www.w3.org/2000/svg';
  const LOW_CONFIDENCE = 60;   // below: red
  const HIGH_CONFIDENCE = 85;  // from here: green; between: amber
  const MAX_QUEUED = 4;

  const $ = (id) => document.getElementById(id);
  const el = {
    body: document.body,
    main: $('main'),
    busy: $('busy'),
    busyText: $('busy-text'),
    imageName: $('image-name'),
    next: $('next-image'),
    picker: $('image-picker'),
    upload: $('upload'),
    stageFrame: $('stage-frame'),
    stage: $('stage'),
    image: $('image'),
    boxes: $('boxes'),
    tooltip: $('tooltip'),
    tooltipWord: $('tooltip-word'),
    tooltipConfidence: $('tooltip-confidence'),
    showBoxes: $('show-boxes'),
    pager: $('pager'),
    pagePrevious: $('page-previous'),
    pageNext: $('page-next'),
    pageNumber: $('page-number'),
    pageCount: $('page-count'),
    segments: $('segments'),
    moreSegments: $('more-segments'),
    filterShortcuts: $('filter-shortcuts'),
    helpFilterShortcuts: $('help-filter-shortcuts'),
    chain: $('chain'),
    step25: $('step-25'),
    step75: $('step-75'),
    slider: $('slider'),
    sliderValue: $('slider-value'),
    sliderNote: $('slider-note'),
    best: $('best'),
    sweepButton: $('sweep-button'),
    sweepLabel: $('sweep-label'),
    sweepSection: $('sweep-section'),
    sweepCaption: $('sweep-caption'),
    sweepLink: $('sweep-link'),
    sweepChart: $('sweep-chart'),
    auto: $('auto'),
    error: $('error'),
    notice: $('notice'),
    wordCount: $('word-count'),
    confidence: $('confidence'),
    confidenceMeter: $('confidence-meter'),
    timingTotal: $('timing-total'),
    timings: $('timings'),
    cached: $('cached'),
    script: $('script'),
    changes: $('changes'),
    accuracy: $('accuracy'),
    topImage: $('top-image'),
    topSession: $('top-session'),
    text: $('text'),
    help: $('help'),
    helpButton: $('help-button'),
  };

  const state = {
    session: null,       // the server's session id
    report: null,        // the last recognition object
    images: [],          // [{id, name}] of the image set
    busy: false,
    queue: [],           // jobs waiting for the one in flight
    imageVersion: 0,     // cache-buster for the rendered image
    recognitions: 0,
    sliderHeld: false,   // the user is dragging the slider: do not move it under them
    sliderTimer: 0,
    sliderKeyAt: 0,
    busyStartedAt: 0,
    busyLabel: '',
    busyTicker: 0,
    pendingImage: null,  // promise of the rendered image loading
    uploaded: false,     // the image shown is the user's upload, not one of the set
    expectUpload: false,
    focusBeforeBusy: null,
    // From /api/filters: the page names no filter itself.
    filters: [],         // [{name, label, summary, brief, shortcut}]
    shortcuts: {},       // key -> filter name, for the brief's segments
    defaultSweep: null,  // what Sweep sweeps on the original
  };

  // ---------------------------------------------------------------- the API

  class ApiError extends Error {
    constructor(message, status) {
      super(message);
      this.status = status;
    }
  }

  // One HTTP request; answers {status, data} (data: parsed JSON, or null).
  // Network failures become an ApiError with a message a person can act on.
  async function request(method, path, { json, body, headers = {}, keepalive = false } = {}) {
    const init = { method, headers: { Accept: 'application/json', ...headers }, credentials: 'same-origin', keepalive };
    if (json !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(json);
    } else if (body !== undefined) {
      init.body = body;
    }
    let response;
    try {
      response = await fetch(path, init);
    } catch (e) {
      throw new ApiError('Could not reach the filterocr server. Is `filterocr serve` still running?', 0);
    }
    let data = null;
    const type = response.headers.get('Content-Type') || '';
    if (type.includes('json')) {
      try { data = await response.json(); } catch (e) { data = null; }
    }
    return { status: response.status, data };
  }

  function errorMessage(status, data, fallback) {
    if (data && typeof data.error === 'string' && data.error) return data.error;
    if (status === 413) return 'That file is too large to upload.';
    if (status === 401) return 'The server needs its access token: open the address it printed (with ?token=…).';
    return fallback || `The server answered ${status}.`;
  }

  async function createSession(imageId) {
    const json = Number.isInteger(imageId) ? { image: imageId } : undefined;
    let { status, data } = await request('POST', '/api/sessions', { json });
    if (status === 404 && json) {
      // That image is gone from the set: start on a random one instead.
      ({ status, data } = await request('POST', '/api/sessions'));
    }
    if (status < 200 || status >= 300 || !data || typeof data.session !== 'string') {
      throw new ApiError(errorMessage(status, data, 'Could not start a session.'), status);
    }
    state.session = data.session;
    el.body.dataset.session = data.session;  // for scripts and tests
    handleOutputs(data);
    return data;
  }

  // A request to /api/sessions/{s}/...: when the server has dropped the session (404),
  // start a new one on the same image and try once more.
  async function sessionRequest(method, suffix, options) {
    if (!state.session) await createSession(currentImageId());
    let result = await request(method, `/api/sessions/${encodeURIComponent(state.session)}${suffix}`, options);
    if (result.status === 404) {
      await createSession(currentImageId());
      say('The previous session had expired; this is a new one.');
      result = await request(method, `/api/sessions/${encodeURIComponent(state.session)}${suffix}`, options);
    }
    return result;
  }

  // Runs a REPL command line, e.g. "original", "25%", "slider 120%".
  async function command(line) {
    const { status, data } = await sessionRequest('POST', '/commands', { json: { command: line } });
    finishOutputs(status, data);
  }

  // Outputs come with 200, or 422 when one of them is an error; anything else is a refusal.
  function finishOutputs(status, data) {
    if (data && Array.isArray(data.outputs)) {
      handleOutputs(data);
      return;
    }
    throw new ApiError(errorMessage(status, data), status);
  }

  // ---------------------------------------------------------------- the job queue

  // Every user action is a job; one runs at a time. A job with a key replaces a queued job
  // with the same key (dragging the slider twice only needs the last value).
  function runJob(job) {
    el.body.dataset.ready = 'false';
    if (!state.busy) {
      pump(job);
      return;
    }
    const last = state.queue[state.queue.length - 1];
    if (job.key && last && last.key === job.key) {
      state.queue[state.queue.length - 1] = job;
    } else if (state.queue.length < MAX_QUEUED) {
      state.queue.push(job);
    }
  }

  async function pump(first) {
    let job = first;
    setBusy(true, job.label);
    while (job) {
      // A job may no longer make sense once the ones before it ran (25% after Original).
      if (!job.when || job.when()) {
        setBusyLabel(job.label);
        clearError();
        try {
          await job.run();
          await afterOutputs();
        } catch (e) {
          showError(e && e.message ? e.message : String(e));
        }
      }
      job = state.queue.shift();
    }
    setBusy(false);
  }

  function setBusy(on, label) {
    const focused = document.activeElement;
    state.busy = on;
    el.body.dataset.busy = on ? 'true' : 'false';
    el.main.setAttribute('aria-busy', on ? 'true' : 'false');
    el.busy.hidden = !on;
    clearInterval(state.busyTicker);
    if (on) {
      state.busyStartedAt = performance.now();
      state.focusBeforeBusy = focused;
      setBusyLabel(label);
      // Long jobs (sweeps, best) show how long they have taken so far.
      state.busyTicker = setInterval(updateBusyText, 1000);
    } else {
      // The pickers may show a choice that failed to open: show what is open.
      syncPicker(state.report && state.report.image);
      syncPager();
      el.body.dataset.ready = 'true';
    }
    updateControls();
    // Disabling a focused control drops the focus to the page; give it back afterwards.
    if (!on) {
      const before = state.focusBeforeBusy;
      if (before && before !== document.body && (document.activeElement === document.body || !document.activeElement)
          && before.isConnected && !before.disabled) {
        before.focus({ preventScroll: true });
      }
    }
  }

  function setBusyLabel(label) {
    state.busyLabel = label || 'Working…';
    state.busyStartedAt = performance.now();
    updateBusyText();
  }

  function updateBusyText() {
    const seconds = Math.floor((performance.now() - state.busyStartedAt) / 1000);
    el.busyText.textContent = seconds >= 2 ? `${state.busyLabel} ${seconds} s` : state.busyLabel;
  }

  // ---------------------------------------------------------------- actions

  function segmentOf(report) {
    return report && typeof report.segment === 'string' ? report.segment : 'original';
  }

  function inFilterSegment() {
    return segmentOf(state.report) !== 'original';
  }

  function chooseSegment(name) {
    // With "Chain" ticked, a filter goes on top of what is shown (`then FILTER`).
    const chained = el.chain.checked && name !== 'original' && inFilterSegment();
    const line = chained ? `then ${name}` : name;
    runJob({
      key: chained ? null : 'segment',
      label: name === 'original' ? 'Reverting…' : `Applying ${name}…`,
      run: () => command(line),
    });
  }

  function step(percent) {
    runJob({
      label: `Applying ${percent}% again…`,
      when: inFilterSegment,
      run: () => command(`${percent}%`),
    });
  }

  function setSlider(value) {
    runJob({
      key: 'slider',
      label: `Setting ${value}%…`,
      when: inFilterSegment,
      run: () => command(`slider ${value}%`),
    });
  }

  function nextImage() {
    runJob({ label: 'Loading a random image…', run: () => command('next') });
  }

  // The page shown and the document's page count, from a report; {page: 1, count: 1} for an image.
  function pageOf(report) {
    const count = report && Number.isInteger(report.pageCount) ? report.pageCount : 1;
    const page = report && Number.isInteger(report.page) ? report.page : 1;
    return { page, count };
  }

  // Another page of the document, with the filters shown: `move` is next, previous or a
  // number, as the REPL's `page` takes it; the server refuses a page the document lacks.
  function turnPage(move) {
    runJob({
      // Steps add up (two clicks on Next go two pages on); a typed number replaces the one before.
      key: typeof move === 'number' ? 'page-number' : null,
      label: 'Turning the page…',
      run: () => command(`page ${move}`),
    });
  }

  function best() {
    runJob({ label: 'Trying filters…', run: () => command('best') });
  }

  function openImage(id) {
    runJob({
      key: 'open',
      label: 'Opening…',
      run: async () => {
        const { status, data } = await sessionRequest('POST', `/open/${encodeURIComponent(id)}`);
        finishOutputs(status, data);
      },
    });
  }

  // Header values must be ISO-8859-1; a name with other characters is sent percent-encoded.
  function headerSafeName(name) {
    return /^[\x20-\x7e]*$/.test(name) ? name : encodeURIComponent(name);
  }

  function uploadFile(file) {
    if (!file) return;
    runJob({
      label: `Uploading ${file.name}…`,
      run: async () => {
        const headers = { 'Content-Type': file.type && file.type.startsWith('image/') ? file.type : 'application/octet-stream' };
        if (file.name) headers['X-Filename'] = headerSafeName(file.name);
        const { status, data } = await sessionRequest('POST', '/upload', { body: file, headers });
        if (status === 413 || (status === 422 && !(data && Array.isArray(data.outputs)))) {
          throw new ApiError(errorMessage(status, data, 'That file could not be read as an image or a PDF.'), status);
        }
        // The recognition that follows is of the user's own file, not of the image set.
        state.expectUpload = true;
        try {
          finishOutputs(status, data);
        } finally {
          state.expectUpload = false;
        }
      },
    });
  }

  function sweep() {
    const segment = segmentOf(state.report);
    const filter = segment === 'original' ? state.defaultSweep : segment;
    if (!filter) return;
    runJob({ label: `Sweeping ${filter}…`, run: () => loadSweep(filter, true) });
  }

  // The chart is an <img> of the SVG; when it fails, ask the same address for the reason.
  async function loadSweep(filter, mayRetry) {
    const url = `/api/sessions/${encodeURIComponent(state.session)}/sweep/${encodeURIComponent(filter)}.svg`;
    el.sweepSection.hidden = false;
    el.sweepSection.classList.add('loading');
    el.sweepSection.setAttribute('aria-busy', 'true');
    el.sweepCaption.textContent = `Sweeping ${filter} on ${imageLabel()}: this can take a while…`;
    try {
      // ?v: the browser keeps images by address, and the address stays the same for a new image.
      const loaded = await loadImage(el.sweepChart, `${url}?v=${++state.imageVersion}`, 15 * 60000);
      if (loaded) {
        el.sweepChart.setAttribute('alt', `Chart: ${filter} strength against words, confidence and accuracy on ${imageLabel()}`);
        el.sweepChart.dataset.filter = filter;
        el.sweepLink.setAttribute('href', el.sweepChart.getAttribute('src'));
        el.sweepLink.setAttribute('aria-label', `Open the ${filter} sweep chart full size`);
        el.sweepCaption.textContent = `${filter} on ${imageLabel()}: each point is the filter at that strength on the original, as the slider sets it. Click the chart for full size.`;
        el.sweepSection.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
        return;
      }
      const { status, data } = await request('GET', url);
      if (status === 404 && mayRetry) {
        await createSession(currentImageId());
        return loadSweep(filter, false);
      }
      el.sweepCaption.textContent = '';
      throw new ApiError(errorMessage(status, data, 'The sweep chart could not be drawn.'), status);
    } finally {
      el.sweepSection.classList.remove('loading');
      el.sweepSection.removeAttribute('aria-busy');
    }
  }

  // Sets an <img>'s src and waits until it has loaded (true), failed or timed out (false),
  // so that a lost response can never leave the page busy for good.
  function loadImage(img, src, timeoutMs = 60000) {
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(false), timeoutMs);
      const done = (ok) => {
        clearTimeout(timer);
        img.removeEventListener('load', onLoad);
        img.removeEventListener('error', onError);
        resolve(ok);
      };
      const onLoad = () => done(true);
      const onError = () => done(false);
      img.addEventListener('load', onLoad);
      img.addEventListener('error', onError);
      img.setAttribute('src', src);
    });
  }

  // ---------------------------------------------------------------- outputs

  // Shows every output of an answer; recognitions update the screen, errors the alert.
  function handleOutputs(data) {
    const errors = [];
    let recognition = null;
    for (const output of data.outputs || []) {
      if (!output || typeof output !== 'object') continue;
      if (output.kind === 'recognition') {
        recognition = output;
        state.recognitions += 1;
        el.body.dataset.recognitions = String(state.recognitions);
        renderRecognition(output);
      } else if (output.kind === 'error') {
        // The doc names the key `message`; the REPL's JSON says `error`. Take either.
        errors.push(String(output.message || output.error || 'The command was refused.'));
      }
    }
    if (recognition && Array.isArray(data.sessionTopWords)) renderTopWords(el.topSession, data.sessionTopWords);
    if (errors.length === 0 && typeof data.error === 'string' && data.error) errors.push(data.error);
    if (errors.length) showError(errors.join('\n'));
    // The rendered image loads after the report; the job waits for it (afterOutputs), so
    // the busy state covers it.
    if (recognition) state.pendingImage = refreshImage(recognition);
  }

  function refreshImage(report) {
    const src = `/api/sessions/${encodeURIComponent(state.session)}/image?v=${++state.imageVersion}`;
    el.image.setAttribute('alt', `${report.image || 'The image'} after: ${report.script || report.segment || 'original'}`);
    return loadImage(el.image, src).then((ok) => {
      if (!ok) showError('The rendered image could not be loaded.');
    });
  }

  function renderRecognition(r) {
    const previous = state.report;
    state.report = r;
    // A page of a document is an image of its own, for the sweep as for the rest.
    const imageChanged = !previous || previous.image !== r.image || pageOf(previous).page !== pageOf(r).page;

    if (state.expectUpload) state.uploaded = true;
    else if (imageChanged) state.uploaded = false;
    el.imageName.textContent = r.image || '';
    el.imageName.setAttribute('title', r.image || '');
    syncPicker(r.image);
    if (imageChanged) {
      // A sweep chart belongs to one image.
      el.sweepSection.hidden = true;
      el.sweepChart.removeAttribute('src');
    }

    drawBoxes(r);

    el.wordCount.textContent = String(r.wordCount ?? (r.words ? r.words.length : 0));
    const confidence = Number(r.meanConfidence) || 0;
    el.confidence.textContent = String(Math.round(confidence));
    el.confidenceMeter.style.width = `${Math.max(0, Math.min(100, confidence))}%`;
    el.confidenceMeter.className = `meter-fill level-${level(confidence)}`;

    renderTimings(r);
    el.script.textContent = r.script || '';
    renderChanges(r.changes);
    renderTopWords(el.topImage, r.topWords);
    renderAccuracy(r.accuracy);
    renderAuto(r);
    el.text.textContent = typeof r.text === 'string' ? r.text : '';
    el.text.scrollTop = 0;
    syncSlider(r);
    syncPager();
    updateControls();
  }

  function level(confidence) {
    if (confidence < LOW_CONFIDENCE) return 'low';
    if (confidence < HIGH_CONFIDENCE) return 'mid';
    return 'high';
  }

  function formatMs(ms) {
    const n = Number(ms) || 0;
    return n >= 100 ? String(Math.round(n)) : String(Math.round(n * 10) / 10);
  }

  function renderTimings(r) {
    const t = r.timings || {};
    el.timingTotal.textContent = formatMs(t.total);
    el.cached.hidden = !r.cached;
    const parts = [];
    for (const key of ['decode', 'filter', 'ocr']) {
      if (typeof t[key] === 'number') parts.push(`${key} ${formatMs(t[key])} ms`);
    }
    el.timings.textContent = (r.cached ? 'From the cache. ' : '') + parts.join(' · ');
  }

  function appendWords(parent, tag, words, total) {
    for (const word of words) {
      const node = document.createElement(tag);
      node.textContent = String(word);
      parent.append(node, ' ');
    }
    const more = total - words.length;
    if (more > 0) {
      const span = document.createElement('span');
      span.className = 'more-words';
      span.textContent = `and ${more} more`;
      parent.append(span);
    }
  }

  // The three most frequent words, as the watch and the REPL's report show them.
  function renderTopWords(list, words) {
    list.replaceChildren();
    const top = Array.isArray(words) ? words.slice(0, 3) : [];
    for (const entry of top) {
      const item = document.createElement('li');
      const word = document.createElement('span');
      word.className = 'top-word';
      word.textContent = String(entry.word);
      const count = document.createElement('span');
      count.className = 'top-count';
      count.textContent = String(entry.count);
      item.append(word, ' ', count);
      list.append(item);
    }
    if (top.length === 0) {
      const item = document.createElement('li');
      item.className = 'top-none';
      item.textContent = 'no words';
      list.append(item);
    }
  }

  function renderChanges(changes) {
    el.changes.replaceChildren();
    if (!changes) {
      el.changes.textContent = '–';
      return;
    }
    const lostWords = Array.isArray(changes.lostWords) ? changes.lostWords : [];
    const gainedWords = Array.isArray(changes.gainedWords) ? changes.gainedWords : [];
    const lost = Number(changes.lost) || lostWords.length;
    const gained = Number(changes.gained) || gainedWords.length;
    if (lost === 0 && gained === 0) {
      const none = document.createElement('span');
      none.className = 'none';
      none.textContent = 'no change';
      el.changes.append(none);
      return;
    }
    // One line each for the words lost and gained: a label, then the words.
    const line = (title, tag, words, count) => {
      if (count <= 0) return;
      const p = document.createElement('p');
      const label = document.createElement('span');
      label.className = 'change-label';
      label.textContent = `${title} ${count}:`;
      p.append(label);
      appendWords(p, tag, words, count);
      el.changes.append(p);
    };
    line('Lost', 'del', lostWords, lost);
    line('Gained', 'ins', gainedWords, gained);
  }

  const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });

  function renderAccuracy(accuracy) {
    el.accuracy.replaceChildren();
    if (!accuracy) {
      const none = document.createElement('span');
      none.className = 'none';
      none.textContent = 'unknown: no ground truth for this image';
      el.accuracy.append(none);
      return;
    }
    const list = document.createElement('dl');
    list.className = 'accuracy-list';
    const rows = [
      ['Character errors', accuracy.characterErrorRate, 'CER'],
      ['Word errors', accuracy.wordErrorRate, 'WER'],
      ['Word recall', accuracy.wordRecall, 'recall'],
    ];
    for (const [title, value, key] of rows) {
      if (typeof value !== 'number') continue;
      const box = document.createElement('div');
      const dt = document.createElement('dt');
      dt.textContent = title;
      const dd = document.createElement('dd');
      dd.dataset.metric = key;
      dd.textContent = percent.format(value);
      box.append(dt, dd);
      list.append(box);
    }
    el.accuracy.append(list);
  }

  // `best` adds an `auto` object: what it chose and how it scored against the original.
  function renderAuto(r) {
    const auto = r.auto;
    if (!auto || r.command !== 'best') {
      el.auto.hidden = true;
      el.auto.textContent = '';
      return;
    }
    const parts = [`Best: ${auto.script || r.script || 'original'}`];
    if (typeof auto.score === 'number') {
      let score = `score ${auto.score}`;
      if (auto.original && typeof auto.original.score === 'number') score += ` (original ${auto.original.score})`;
      parts.push(score);
    }
    if (typeof auto.tried === 'number') {
      parts.push(`${auto.tried} tried${typeof auto.seconds === 'number' ? ` in ${auto.seconds} s` : ''}`);
    }
    const before = auto.original && auto.original.accuracy;
    if (before && r.accuracy && typeof before.characterErrorRate === 'number') {
      parts.push(`CER ${percent.format(before.characterErrorRate)} → ${percent.format(r.accuracy.characterErrorRate)}`);
    }
    el.auto.textContent = parts.join(' · ');
    el.auto.hidden = false;
  }

  // ---------------------------------------------------------------- word boxes

  function drawBoxes(r) {
    const svg = el.boxes;
    svg.replaceChildren();
    hideTooltip();
    const size = r.size || {};
    const width = Number(size.width) || el.image.naturalWidth || 1;
    const height = Number(size.height) || el.image.naturalHeight || 1;
    // Boxes are in full-size image pixels; the picture may be shown scaled down.
    svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
    const words = Array.isArray(r.words) ? r.words : [];
    let first = true;
    words.forEach((word, index) => {
      const box = Array.isArray(word.box) ? word.box.map(Number) : [];
      if (box.length !== 4 || !(box[2] > 0) || !(box[3] > 0)) return;
      const confidence = Number(word.confidence) || 0;
      const text = String(word.text ?? '');
      const rect = document.createElementNS(SVG_NS, 'rect');
      rect.setAttribute('x', String(box[0]));
      rect.setAttribute('y', String(box[1]));
      rect.setAttribute('width', String(box[2]));
      rect.setAttribute('height', String(box[3]));
      rect.setAttribute('class', `box box-${level(confidence)}`);
      // One tab stop for the whole set; arrow keys move between words (roving tabindex).
      rect.setAttribute('tabindex', first ? '0' : '-1');
      rect.setAttribute('role', 'img');
      rect.setAttribute('aria-label', `${text}: ${Math.round(confidence)}% confidence`);
      rect.dataset.word = text;
      rect.dataset.confidence = String(confidence);
      rect.dataset.index = String(index);
      const title = document.createElementNS(SVG_NS, 'title');
      title.textContent = `${text} (${Math.round(confidence)}%)`;
      rect.append(title);
      svg.append(rect);
      first = false;
    });
  }

  function showTooltip(rect) {
    el.tooltipWord.textContent = rect.dataset.word || '';
    el.tooltipConfidence.textContent = `${Math.round(Number(rect.dataset.confidence) || 0)}%`;
    el.tooltip.hidden = false;
    const stage = el.stage.getBoundingClientRect();
    const box = rect.getBoundingClientRect();
    const tip = el.tooltip.getBoundingClientRect();
    // Centred above the box, kept inside the stage horizontally; below the box near the top.
    const half = tip.width / 2;
    let x = box.left + box.width / 2 - stage.left;
    x = Math.max(half, Math.min(stage.width - half, x));
    let y = box.top - stage.top;
    if (y - tip.height - 6 < 0) y = box.bottom - stage.top + tip.height + 12;
    el.tooltip.style.left = `${x}px`;
    el.tooltip.style.top = `${y}px`;
  }

  function hideTooltip() {
    el.tooltip.hidden = true;
  }

  function moveBoxFocus(current, delta) {
    const rects = Array.from(el.boxes.querySelectorAll('rect'));
    if (rects.length === 0) return;
    let index = rects.indexOf(current);
    if (delta === Infinity) index = rects.length - 1;
    else if (delta === -Infinity) index = 0;
    else index = (index + delta + rects.length) % rects.length;
    for (const rect of rects) rect.setAttribute('tabindex', '-1');
    rects[index].setAttribute('tabindex', '0');
    rects[index].focus();
  }

  // ---------------------------------------------------------------- controls

  function segmentButtons() {
    return Array.from(el.segments.querySelectorAll('[role="radio"]'));
  }

  // The filters come from the server's table: the brief's segments beside Original, the
  // others in a compact second row, each choosing its filter at 25% on the original.
  async function loadFilters() {
    const { status, data } = await request('GET', '/api/filters');
    if (status !== 200 || !data || !Array.isArray(data.filters)) {
      throw new ApiError(errorMessage(status, data, 'Could not list the filters.'), status);
    }
    state.filters = data.filters.filter((filter) => filter && typeof filter.name === 'string');
    state.defaultSweep = typeof data.defaultSweep === 'string' ? data.defaultSweep : null;
    const briefRow = el.segments.querySelector('.segmented');
    const keys = [];
    for (const filter of state.filters) {
      const button = document.createElement('button');
      button.type = 'button';
      button.id = `segment-${filter.name}`;
      button.className = filter.brief ? 'segment' : 'chip';
      button.setAttribute('role', 'radio');
      button.setAttribute('aria-checked', 'false');
      button.dataset.segment = filter.name;
      button.textContent = filter.brief ? filter.label : filter.name;
      button.title = filter.summary;
      if (typeof filter.shortcut === 'string' && filter.shortcut) {
        state.shortcuts[filter.shortcut] = filter.name;
        button.setAttribute('aria-keyshortcuts', filter.shortcut);
        button.title = `${filter.label} (${filter.shortcut})`;
        keys.push([filter.shortcut, filter.name]);
      }
      button.disabled = true;
      (filter.brief ? briefRow : el.moreSegments).append(button);
    }
    // The keyboard line and the help name each filter's key, as the buttons do.
    const helpEntries = [];
    for (const [key, name] of keys) {
      const kbd = document.createElement('kbd');
      kbd.textContent = key;
      el.filterShortcuts.append(kbd, ` ${name} · `);
      const entry = document.createElement('div');
      const term = document.createElement('dt');
      const helpKey = document.createElement('kbd');
      helpKey.textContent = key;
      term.append(helpKey);
      const description = document.createElement('dd');
      const filter = state.filters.find((candidate) => candidate.name === name);
      description.textContent = `${filter ? filter.label : name} at 25%`;
      entry.append(term, description);
      helpEntries.push(entry);
    }
    el.helpFilterShortcuts.replaceWith(...helpEntries);
  }

  // Enables what makes sense for the current segment and busy state.
  function updateControls() {
    const ready = !state.busy && state.session !== null;
    const segment = segmentOf(state.report);
    const filterOn = segment !== 'original';
    const buttons = segmentButtons();
    let checked = null;
    for (const button of buttons) {
      const on = button.dataset.segment === segment;
      if (on) checked = button;
      button.setAttribute('aria-checked', on ? 'true' : 'false');
      button.setAttribute('tabindex', '-1');
      button.disabled = !ready;
    }
    (checked || buttons[0]).setAttribute('tabindex', '0');

    el.step25.disabled = !ready || !filterOn;
    el.step75.disabled = !ready || !filterOn;
    el.slider.disabled = !ready || !filterOn;
    for (const control of [el.next, el.best, el.sweepButton, el.picker, el.upload]) {
      control.disabled = !ready;
    }
    const { page, count } = pageOf(state.report);
    el.pagePrevious.disabled = !ready || page <= 1;
    el.pageNext.disabled = !ready || page >= count;
    el.pageNumber.disabled = !ready;
    el.sweepLabel.textContent = `Sweep ${filterOn ? segment : state.defaultSweep || ''}`;
  }

  // The slider is not additive: it shows the strength the current segment's filter was
  // last set to on the original (the first of a run of that filter), and notes any 25%/75%
  // steps compounded on top.
  function syncSlider(r) {
    if (state.sliderHeld) return;
    const segment = segmentOf(r);
    let value = 0;
    let steps = [];
    let below = [];
    if (segment !== 'original') {
      const run = [];
      const ops = Array.isArray(r.operations) ? r.operations : [];
      let i = ops.length - 1;
      for (; i >= 0; i--) {
        const match = /^(\S+)\s+(\d+(?:\.\d+)?)%$/.exec(String(ops[i]));
        if (!match || match[1] !== segment) break;
        run.unshift(Number(match[2]));
      }
      if (run.length > 0) {
        value = run[0];
        steps = run.slice(1);
      }
      // The filters of a chain under this one, each run of one filter named once.
      for (const op of ops.slice(0, i + 1)) {
        const name = String(op).split(/\s+/)[0];
        if (below[below.length - 1] !== name) below.push(name);
      }
    }
    const on = below.length > 0 ? `after ${below.join('; then ')}` : 'on the original';
    el.slider.value = String(Math.round(Math.max(0, Math.min(300, value))));
    el.sliderValue.textContent = `${el.slider.value}%`;
    if (segment === 'original') {
      el.sliderNote.textContent = 'Choose a filter to set its strength (0–300%).';
    } else if (steps.length > 0) {
      el.sliderNote.textContent = `${segment} at ${el.slider.value}% ${on}, then ${steps.map((s) => `${s}%`).join(', ')} applied on top. Moving the slider starts again from ${below.length > 0 ? 'there' : 'the original'}.`;
    } else {
      el.sliderNote.textContent = `${segment} at ${el.slider.value}% ${on}. The slider sets it anew (not additive).`;
    }
  }

  // The picker shows the page shown, for a document; it is hidden for an image.
  function syncPager() {
    const { page, count } = pageOf(state.report);
    el.pager.hidden = count <= 1;
    el.pageNumber.max = String(count);
    el.pageNumber.value = String(page);
    el.pageCount.textContent = `of ${count}`;
  }

  function currentImageId() {
    if (state.uploaded) return null;  // an upload is gone with its session
    const name = state.report && state.report.image;
    const image = name ? findImage(name) : null;
    return image ? image.id : null;
  }

  function baseName(path) {
    return String(path).split(/[\\/]/).pop();
  }

  // Reports name images as shown (e.g. images/receipt.png); the list by file name.
  function findImage(name) {
    return state.images.find((image) => image.name === name)
      || state.images.find((image) => baseName(image.name) === baseName(name)) || null;
  }

  function imageLabel() {
    return state.report && state.report.image ? baseName(state.report.image) : 'this image';
  }

  function syncPicker(name) {
    const image = name && !state.uploaded ? findImage(name) : null;
    el.picker.value = image ? String(image.id) : '';
  }

  async function loadImageList() {
    try {
      const { status, data } = await request('GET', '/api/images');
      if (status !== 200 || !data || !Array.isArray(data.images)) {
        throw new ApiError(errorMessage(status, data, 'Could not list the images.'), status);
      }
      state.images = data.images.filter((image) => image && Number.isInteger(image.id));
      for (const image of state.images) {
        const option = document.createElement('option');
        option.value = String(image.id);
        option.textContent = String(image.name);
        el.picker.append(option);
      }
      if (state.report) syncPicker(state.report.image);
    } catch (e) {
      el.picker.options[0].textContent = 'No image list';
    }
  }

  // ---------------------------------------------------------------- messages

  function showError(message) {
    el.error.textContent = message;
  }

  function clearError() {
    el.error.textContent = '';
  }

  function say(message) {
    el.notice.textContent = message;
    clearTimeout(say.timer);
    say.timer = setTimeout(() => { el.notice.textContent = ''; }, 6000);
  }

  // ---------------------------------------------------------------- events

  function wireEvents() {
    // Segments: click, and arrow keys move and select (a radio group).
    el.segments.addEventListener('click', (event) => {
      const button = event.target.closest('[role="radio"]');
      if (!button || button.disabled) return;
      // Choosing the selected segment again only does something when steps or the slider
      // changed it: then it starts again from the filter's default on the original.
      if (button.getAttribute('aria-checked') === 'true' && !el.chain.checked
          && state.report && state.report.script === button.dataset.segment) return;
      chooseSegment(button.dataset.segment);
    });
    el.segments.addEventListener('keydown', (event) => {
      const keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: -Infinity, End: Infinity };
      if (!(event.key in keys)) return;
      const buttons = segmentButtons();
      let index = buttons.indexOf(document.activeElement);
      if (index < 0) return;
      event.preventDefault();
      const delta = keys[event.key];
      if (delta === Infinity) index = buttons.length - 1;
      else if (delta === -Infinity) index = 0;
      else index = (index + delta + buttons.length) % buttons.length;
      const target = buttons[index];
      for (const button of buttons) button.setAttribute('tabindex', '-1');
      target.setAttribute('tabindex', '0');
      target.focus();
      chooseSegment(target.dataset.segment);
    });

    el.step25.addEventListener('click', () => step(25));
    el.step75.addEventListener('click', () => step(75));

    // The slider shows its value while it moves and sends it once released.
    el.slider.addEventListener('input', () => {
      el.sliderValue.textContent = `${el.slider.value}%`;
    });
    el.slider.addEventListener('pointerdown', () => { state.sliderHeld = true; });
    el.slider.addEventListener('keydown', () => { state.sliderKeyAt = performance.now(); });
    el.slider.addEventListener('change', () => {
      state.sliderHeld = false;
      const value = el.slider.value;
      el.body.dataset.ready = 'false';
      clearTimeout(state.sliderTimer);
      // Arrow keys fire `change` on every press: wait until they stop for a moment.
      const fromKeys = performance.now() - state.sliderKeyAt < 100;
      if (fromKeys) {
        state.sliderTimer = setTimeout(() => setSlider(value), 450);
      } else {
        setSlider(value);
      }
    });
    window.addEventListener('pointerup', () => {
      // A press that did not move the slider fires no change event.
      setTimeout(() => { state.sliderHeld = false; }, 0);
    });

    el.next.addEventListener('click', nextImage);
    el.pagePrevious.addEventListener('click', () => turnPage('previous'));
    el.pageNext.addEventListener('click', () => turnPage('next'));
    // A number is sent when it is committed (Enter, the arrows, leaving the field).
    el.pageNumber.addEventListener('change', () => {
      const page = Number(el.pageNumber.value);
      if (Number.isInteger(page) && page >= 1 && page !== pageOf(state.report).page) turnPage(page);
      else syncPager();
    });
    el.best.addEventListener('click', best);
    el.sweepButton.addEventListener('click', sweep);
    el.picker.addEventListener('change', () => {
      const id = Number(el.picker.value);
      if (el.picker.value !== '' && Number.isInteger(id)) openImage(id);
    });
    el.upload.addEventListener('change', () => {
      const file = el.upload.files && el.upload.files[0];
      el.upload.value = '';  // so that choosing the same file again still fires `change`
      uploadFile(file);
    });

    // Drag and drop onto the image.
    let dragDepth = 0;
    el.stageFrame.addEventListener('dragenter', (event) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      dragDepth += 1;
      el.stageFrame.classList.add('dragging');
    });
    el.stageFrame.addEventListener('dragover', (event) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    });
    el.stageFrame.addEventListener('dragleave', () => {
      dragDepth = Math.max(0, dragDepth - 1);
      if (dragDepth === 0) el.stageFrame.classList.remove('dragging');
    });
    el.stageFrame.addEventListener('drop', (event) => {
      event.preventDefault();
      dragDepth = 0;
      el.stageFrame.classList.remove('dragging');
      const file = event.dataTransfer && event.dataTransfer.files[0];
      if (!file) return;
      if (state.session === null) return;
      uploadFile(file);
    });
    // A file dropped next to the image must not make the browser navigate away to it.
    window.addEventListener('dragover', (event) => { if (hasFiles(event)) event.preventDefault(); });
    window.addEventListener('drop', (event) => { if (hasFiles(event)) event.preventDefault(); });

    // Word boxes: tooltip on hover and on keyboard focus.
    el.boxes.addEventListener('pointerover', (event) => {
      if (event.target instanceof SVGRectElement) showTooltip(event.target);
    });
    el.boxes.addEventListener('pointerout', (event) => {
      if (event.target instanceof SVGRectElement && document.activeElement !== event.target) hideTooltip();
    });
    el.boxes.addEventListener('focusin', (event) => {
      if (event.target instanceof SVGRectElement) showTooltip(event.target);
    });
    el.boxes.addEventListener('focusout', hideTooltip);
    el.boxes.addEventListener('keydown', (event) => {
      const keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: -Infinity, End: Infinity };
      if (!(event.key in keys) || !(event.target instanceof SVGRectElement)) return;
      event.preventDefault();
      moveBoxFocus(event.target, keys[event.key]);
    });
    el.showBoxes.addEventListener('change', () => {
      el.stage.classList.toggle('boxes-off', !el.showBoxes.checked);
      hideTooltip();
    });
    window.addEventListener('resize', hideTooltip);

    el.helpButton.addEventListener('click', toggleHelp);
    document.addEventListener('keydown', onShortcut);

    // Close the session with the tab; keepalive lets the request outlive the page.
    window.addEventListener('pagehide', () => {
      if (!state.session) return;
      fetch(`/api/sessions/${encodeURIComponent(state.session)}`, { method: 'DELETE', keepalive: true, credentials: 'same-origin' })
        .catch(() => {});
      state.session = null;
    });
    // Back from the back-forward cache: the session was closed, so start again.
    window.addEventListener('pageshow', (event) => {
      if (event.persisted && !state.session) start(currentImageId());
    });
  }

  function hasFiles(event) {
    return event.dataTransfer && Array.from(event.dataTransfer.types || []).includes('Files');
  }

  function toggleHelp() {
    if (el.help.open) el.help.close();
    else el.help.showModal();
  }

  // Where typing goes into a field, single-letter shortcuts stay off.
  function isTyping(target) {
    if (!(target instanceof Element)) return false;
    if (target.isContentEditable) return true;
    const tag = target.tagName;
    if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
    if (tag !== 'INPUT') return false;
    return !['range', 'checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'color', 'image'].includes(target.type);
  }

  function onShortcut(event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (isTyping(event.target)) return;
    if (event.key === '?') {
      event.preventDefault();
      toggleHelp();
      return;
    }
    if (el.help.open || state.session === null) return;
    // While busy the shortcuts queue up; otherwise they follow the buttons' enabled state.
    const filterReady = state.busy || inFilterSegment();
    switch (event.key) {
      case 'o': chooseSegment('original'); break;
      case '1': if (filterReady) step(25); break;
      case '3': if (filterReady) step(75); break;
      case 'n': nextImage(); break;
      case '[': if (state.busy || !el.pagePrevious.disabled) turnPage('previous'); break;
      case ']': if (state.busy || !el.pageNext.disabled) turnPage('next'); break;
      default:
        if (!Object.hasOwn(state.shortcuts, event.key)) return;
        chooseSegment(state.shortcuts[event.key]);
    }
    event.preventDefault();
  }

  // ---------------------------------------------------------------- start

  // Starts a session (on a random image, as the REPL does, unless one is given) and lists
  // the image set meanwhile.
  function start(imageId = null) {
    runJob({
      label: 'Starting…',
      run: async () => {
        const list = state.images.length ? null : loadImageList();
        await createSession(imageId);
        await list;
      },
    });
  }

  // Waits for the rendered image that the last answer asked for, so that "ready" means
  // the screen is complete.
  async function afterOutputs() {
    const pending = state.pendingImage;
    state.pendingImage = null;
    if (pending) await pending;
  }

  wireEvents();
  updateControls();
  runJob({ label: 'Starting…', run: loadFilters });
  start();
})();
