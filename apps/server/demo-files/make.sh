#!/bin/sh
# Rebuilds the shipped demo files from the sources in src/ (written for Atrium, no third-party content).
# Needs ffmpeg, LibreOffice (soffice) and zip. Run from anywhere: sh apps/server/demo-files/make.sh
set -eu
cd "$(dirname "$0")"
out=$(mktemp -d)
soffice --headless --convert-to pdf --outdir "$out" src/handout.html >/dev/null
mv "$out/handout.pdf" cs101-lecture-1-handout.pdf
soffice --headless --convert-to 'docx:MS Word 2007 XML' --outdir "$out" src/reading-list.html >/dev/null
mv "$out/reading-list.docx" cs101-reading-list.docx
soffice --headless --convert-to png --outdir "$out" src/diagram.svg >/dev/null
mv "$out/diagram.png" cs101-pipeline-diagram.png
# 5 s, 320x240 H.264/AAC: a test pattern with a 440 Hz tone, a title burnt in.
ffmpeg -loglevel error -y -f lavfi -i testsrc=duration=5:size=320x240:rate=25 -f lavfi -i sine=frequency=440:duration=5 \
  -vf "drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:text='CS101 Lecture 1 - introduction':fontsize=16:fontcolor=white:box=1:boxcolor=black@0.6:x=(w-text_w)/2:y=h-30" \
  -c:v libx264 -preset veryslow -crf 32 -pix_fmt yuv420p -c:a aac -b:a 48k -movflags +faststart -shortest cs101-lecture-1-intro.mp4
# 5 s mono MP3: a short chime (two tones).
ffmpeg -loglevel error -y -f lavfi -i "sine=frequency=523:duration=2.5" -f lavfi -i "sine=frequency=659:duration=2.5" \
  -filter_complex "[0][1]concat=n=2:v=0:a=1,afade=t=out:st=4.5:d=0.5" -ac 1 -c:a libmp3lame -b:a 48k cs101-lecture-1-chime.mp3
rm -f cs101-self-check-scorm12.zip
(cd src/scorm && zip -q -X -r ../../cs101-self-check-scorm12.zip imsmanifest.xml index.html)
rm -rf "$out"
ls -l *.pdf *.docx *.png *.mp4 *.mp3 *.zip
