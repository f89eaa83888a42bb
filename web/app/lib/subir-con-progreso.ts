// A multipart POST from the browser that reports upload progress (fetch cannot): the answer's
// status and its JSON body, or null when it is not JSON; status 0 when the network failed.
export function postWithProgress<T>(
  url: string,
  body: FormData,
  onProgress: (percent: number) => void,
): Promise<{ status: number; body: T | null }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let parsed: T | null = null;
      try {
        parsed = JSON.parse(xhr.responseText) as T;
      } catch {
        parsed = null;
      }
      resolve({ status: xhr.status, body: parsed });
    };
    xhr.onerror = () => resolve({ status: 0, body: null });
    xhr.send(body);
  });
}
