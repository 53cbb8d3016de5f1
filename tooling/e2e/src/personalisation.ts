/** POST /api/personalisation as the user whose access token this is (the attachment, the listen page…). */
export async function savePersonalisation(baseUrl: string, accessToken: string, patch: Record<string, unknown>) {
  const response = await fetch(`${baseUrl}/api/personalisation`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify(patch),
  });
  if (!response.ok) throw new Error(`Saving settings failed: ${response.status} ${await response.text()}`);
}
