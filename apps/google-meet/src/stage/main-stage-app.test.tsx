import { render, screen } from '@testing-library/react';
import { defaultPersonalisation, THEME_PRESETS, type PublicListenPayload } from '@vocal/settings-model';
import { describe, expect, it } from 'vitest';
import { MainStageApp } from './main-stage-app.tsx';

function payload(subject: string | null): PublicListenPayload {
  return {
    audio: {
      id: 'AbCdEf123456',
      isReply: false,
      subject,
      uploaded: true,
      uploadDate: '2025-01-01T10:00:00.000Z',
      expiryDate: null,
      peaks: [0.1, 0.5, 0.3],
      views: 0,
      duration: 12,
      audioUrl: 'https://vocal.example/files/AbCdEf123456.mp3',
      imageUrl: 'https://vocal.example/files/AbCdEf123456.png',
      summary: null,
      transcription: null,
      transcriptionStatus: 'loading',
      domain: null,
      platform: 'google-meet',
    },
    user: { id: 1, name: 'Ada Lovelace', avatarUrl: null },
    settings: { ...defaultPersonalisation().listenPage, name: 'Ada Lovelace', theme: THEME_PRESETS.Light },
  } as unknown as PublicListenPayload;
}

describe('the main stage', () => {
  it('shows who sent the message, its title and a player, large', () => {
    render(<MainStageApp message={{ status: 'ready', payload: payload('Quarterly numbers') }} origin="https://vocal.example" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Quarterly numbers' })).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in Vocal' })).toHaveAttribute('href', 'https://vocal.example/listen/AbCdEf123456');
  });

  it('names an untitled message plainly', () => {
    render(<MainStageApp message={{ status: 'ready', payload: payload(null) }} origin="https://vocal.example" />);
    expect(screen.getByRole('heading', { level: 1, name: 'A voice message' })).toBeInTheDocument();
  });

  it('says when the message is gone', () => {
    render(
      <MainStageApp
        message={{ status: 'gone', title: 'This voice message has expired', message: 'It expired.' }}
        origin="https://vocal.example"
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'This voice message has expired' })).toBeInTheDocument();
    expect(screen.getByText('It expired.')).toBeInTheDocument();
  });
});
