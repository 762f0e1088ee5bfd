module example.com/testfilesbroken

go 1.22
