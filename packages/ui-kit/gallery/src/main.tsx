import './gallery.css';
import { THEME_PRESETS, type ThemePresetName } from '@vocal/settings-model';
import { StrictMode, useEffect, useRef, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  AudioPlayer,
  Button,
  CopyLinkField,
  FatalErrorScreen,
  LevelMeter,
  LoadingBar,
  LoadingBarProvider,
  ReportIssueDialog,
  Spinner,
  TextAreaField,
  TextField,
  ThemeProvider,
  themeVariables,
  useLoadingBar,
  type AudioPlayerHandle,
} from '../../src/index.ts';
import { makeSampleAudio } from './sample-audio.ts';

/**
 * Every component in the presets under review. Query parameters pick what a screenshot needs:
 * `theme=Black` shows one preset only, `dialog=report` opens the report dialog.
 */
const parameters = new URLSearchParams(window.location.search);
const onlyTheme = parameters.get('theme') as ThemePresetName | null;
const openDialog = parameters.get('dialog') === 'report';
const presets: ThemePresetName[] = onlyTheme ? [onlyTheme] : ['Light', 'Black'];
const sample = makeSampleAudio();

const wait = (milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="gallery-section">
      <h3 className="gallery-section__title">{title}</h3>
      {children}
    </section>
  );
}

function Swatches({ preset }: { preset: ThemePresetName }) {
  const variables = themeVariables(THEME_PRESETS[preset]);
  const names = ['background', 'surface', 'text', 'text-muted', 'primary', 'on-primary', 'border', 'danger', 'focus-ring'];
  return (
    <div className="gallery-swatches">
      {names.map((name) => (
        <div key={name} className="gallery-swatch">
          <span className="gallery-swatch__chip" style={{ background: `var(--vk-color-${name})` }} />
          <span className="gallery-swatch__name">{name}</span>
          <code className="gallery-swatch__value">{variables[`--vk-color-${name}`]}</code>
        </div>
      ))}
    </div>
  );
}

function LoadingBarDemo() {
  const bar = useLoadingBar();
  return (
    <div className="gallery-stack">
      <div className="gallery-bar-frame">
        <LoadingBar progress={62} visible error={false} />
        <span>Loading, 62 %</span>
      </div>
      <div className="gallery-bar-frame">
        <LoadingBar progress={100} visible error />
        <span>Finished with an error</span>
      </div>
      <div className="gallery-row">
        <Button size="sm" variant="secondary" onClick={bar.start}>
          start()
        </Button>
        <Button size="sm" variant="secondary" onClick={bar.finish}>
          finish()
        </Button>
        <Button size="sm" variant="secondary" onClick={bar.error}>
          error()
        </Button>
      </div>
    </div>
  );
}

function PresetColumn({ preset }: { preset: ThemePresetName }) {
  const [dialogOpen, setDialogOpen] = useState(openDialog);
  const [text, setText] = useState('Anna');
  const player = useRef<AudioPlayerHandle>(null);
  useEffect(() => {
    // A position part-way through shows the played colour in the screenshots.
    player.current?.seek(sample.duration * 0.38);
  }, []);

  return (
    <ThemeProvider theme={THEME_PRESETS[preset]} className="gallery-column">
      <header className="gallery-column__header">
        <p className="gallery-eyebrow">Preset</p>
        <h2>{preset}</h2>
        <Swatches preset={preset} />
      </header>

      <Section title="Buttons">
        <div className="gallery-row">
          <Button>Primary</Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="ghost">Ghost</Button>
          <Button variant="danger">Delete</Button>
        </div>
        <div className="gallery-row">
          <Button size="sm">Small</Button>
          <Button>Base</Button>
          <Button size="lg">Large</Button>
        </div>
        <div className="gallery-row">
          <Button loading loadingLabel="Uploading…">
            Upload recording
          </Button>
          <Button variant="secondary" loading>
            Save
          </Button>
          <Button disabled>Disabled</Button>
          <Button variant="secondary" onClick={() => wait(1500)}>
            Busy for 1.5 s
          </Button>
        </div>
      </Section>

      <Section title="Spinner">
        <div className="gallery-row gallery-row--center">
          <Spinner label="Loading (base)" />
          <Spinner size="sm" label="Loading (sm)" />
          <Spinner size="xs" label="Loading (xs)" />
        </div>
      </Section>

      <Section title="Top loading bar">
        <LoadingBarDemo />
      </Section>

      <Section title="Audio player">
        <div className="gallery-stack">
          <AudioPlayer
            ref={player}
            src={sample.url}
            peaks={sample.peaks}
            duration={sample.duration}
            title="Quick update on the launch plan"
          />
          <AudioPlayer src={sample.url} peaks={sample.peaks.slice(0, 40)} duration={200} />
          <AudioPlayer src="data:audio/mpeg;base64,AAAA" peaks={sample.peaks} duration={65} title="A message that will not load" />
        </div>
      </Section>

      <Section title="Fields">
        <div className="gallery-stack">
          <TextField label="Name" value={text} onChange={(event) => setText(event.target.value)} />
          <TextField label="Email" type="email" placeholder="you@example.com" hint="We send the link here." />
          <TextField label="Coupon" defaultValue="SPRNG" error="This coupon has expired" />
          <TextAreaField label="Message" placeholder="Write your message here" rows={3} />
          <CopyLinkField url="https://vocal.example/listen/qT7fw2Kd9x" label="Share link" />
        </div>
      </Section>

      <Section title="Level meter">
        <div className="gallery-stack">
          <LevelMeter value={0.18} label="Quiet" />
          <LevelMeter value={0.6} label="Speaking" />
          <LevelMeter value={0.97} label="Too loud" />
        </div>
      </Section>

      <Section title="Report-issue dialog">
        <div className="gallery-row">
          <Button variant="secondary" onClick={() => setDialogOpen(true)}>
            Report an issue
          </Button>
        </div>
        <ReportIssueDialog open={dialogOpen} onClose={() => setDialogOpen(false)} onSubmit={() => wait(1200)} />
      </Section>

      <Section title="Fatal-error screen">
        <div className="gallery-frame">
          <FatalErrorScreen onContinue={() => {}} />
        </div>
      </Section>
    </ThemeProvider>
  );
}

function Gallery() {
  return (
    <LoadingBarProvider>
      <main className="gallery" data-columns={presets.length}>
        {presets.map((preset) => (
          <PresetColumn key={preset} preset={preset} />
        ))}
      </main>
    </LoadingBarProvider>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Gallery />
    </StrictMode>,
  );
}
